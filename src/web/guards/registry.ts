// The one registry of route middleware (shell §2.2), by name.
import { AdminAuth } from './AdminAuth';
import { BlogAdminAuth } from './BlogAdminAuth';
import type { Guard } from './middleware';

export const MIDDLEWARE: Readonly<Record<string, Guard>> = {
  'admin-auth': AdminAuth,
  'blog-admin-auth': BlogAdminAuth,
};

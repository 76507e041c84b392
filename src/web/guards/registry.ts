// The one registry of route middleware (shell §2.2), by name. blog-admin-auth joins with the blog.
import { AdminAuth } from './AdminAuth';
import type { Guard } from './middleware';

export const MIDDLEWARE: Readonly<Record<string, Guard>> = {
  'admin-auth': AdminAuth,
};

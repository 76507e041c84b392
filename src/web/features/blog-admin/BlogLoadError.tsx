// A refused blog-admin call: on a 401 the stored user goes and the blog login follows
// (components/StaffArea.tsx); any other refusal shows the server's words.
import { useCallback } from 'react';
import { AreaLoadError, useSignInAgain, type AreaSession } from '../../components/StaffArea';
import { blogLoginUrl, clearBlogAdmin } from '../../guards/blog-admin-session';
import { messageOf } from '../../lib/api';
import { toast } from '../../lib/toast';

const BLOG_AREA: AreaSession = { clear: clearBlogAdmin, loginUrl: blogLoginUrl };

/** For mutations: shows the server's words in a toast, or (on a 401) goes to the login. */
export function useBlogFailure(): (title: string, e: unknown) => void {
  const signInAgain = useSignInAgain(BLOG_AREA);
  return useCallback(
    (title: string, e: unknown) => {
      if (!signInAgain(e)) toast.error(title, messageOf(e));
    },
    [signInAgain],
  );
}

export function BlogLoadError({ error, title }: { error: unknown; title: string }) {
  return <AreaLoadError area={BLOG_AREA} error={error} title={title} />;
}

// The first save of a new post replaces the address (add-blog → add-blog/{id} or edit-blog/{id}).
// Whether or not React keeps the editor across that change, what was typed must not be lost nor
// loaded again from the server: the editor leaves its state here under the new id, and the page
// at the new address starts from it. The entry goes when no editor of that post is on screen.
import type { BlogPostAdmin } from '../../../shared/api/blog';
import type { PostForm } from './post-form';

export interface Handoff {
  post: BlogPostAdmin;
  form: PostForm;
  /** Edits made while the first save was on its way. */
  dirty: boolean;
}

const handoffs = new Map<string, Handoff>();
const holders = new Map<string, number>();

export function leaveHandoff(h: Handoff): void {
  handoffs.set(h.post.id, h);
}

export function peekHandoff(id: string | undefined): Handoff | undefined {
  return id ? handoffs.get(id) : undefined;
}

/** An editor of this post is on screen; the returned function says it left. */
export function holdHandoff(id: string): () => void {
  holders.set(id, (holders.get(id) ?? 0) + 1);
  return () => {
    holders.set(id, (holders.get(id) ?? 1) - 1);
    // After the commit: a remount at the new address holds it again before this runs.
    setTimeout(() => {
      if (!holders.get(id)) {
        holders.delete(id);
        handoffs.delete(id);
      }
    }, 0);
  };
}

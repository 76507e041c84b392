// Who a block setting lets do something (spec §6: add_new_row, editable, action_button_visibility).
// One rule for the server (which enforces it) and the views (which only hide what would be refused).
//
// Roles: 'admin' = the app's owner (issue 5 adds the workspace's editors and 'read-write' app
// users); 'guest' = every other viewer. 'Everyone' and 'Admins & Guests' therefore both mean
// every viewer; 'Everyone' is kept as its own value because the spec stores both.

export type ViewerRole = 'admin' | 'guest';

export const AUDIENCES = ['Admins', 'Guests', 'Admins & Guests', 'None', 'Everyone'] as const;
export type Audience = (typeof AUDIENCES)[number];

export function allows(audience: unknown, role: ViewerRole): boolean {
  switch (audience) {
    case 'Everyone':
    case 'Admins & Guests':
      return true;
    case 'Admins':
      return role === 'admin';
    case 'Guests':
      return role === 'guest';
    default:
      // 'None', empty and unknown values allow nobody: a typo must not open writes to all.
      return false;
  }
}

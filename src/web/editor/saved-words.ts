// What the editor says after a save: "live" only when visitors can see the change, that is when
// the app is public; a private app's change is saved for its owner and editors (issue 33).

/** The toast under 'Block saved': a changed block, or a new one, on a board or an app's page. */
export function blockSavedText(o: { isNew: boolean; isPublic: boolean; multipage: boolean }): string {
  const where = o.multipage ? 'this page' : 'your board';
  if (o.isNew) return `The block was added to ${where}.${o.isPublic ? '' : ` ${PRIVATE_NOTE}`}`;
  return o.isPublic ? 'Your changes are live.' : `Your changes are saved. ${PRIVATE_NOTE}`;
}

/** The toast under 'Board Settings saved' / 'App Settings saved'. */
export function settingsSavedText(isPublic: boolean): string {
  return isPublic ? 'Your changes are live.' : `Your changes are saved. ${PRIVATE_NOTE}`;
}

const PRIVATE_NOTE = 'The app is private: only you and your editors see it until you make it public (Publish → Privacy Settings).';

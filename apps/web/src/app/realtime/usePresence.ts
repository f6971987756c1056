import { useEffect, useSyncExternalStore } from 'react';
import { PRESENCE_TEXTS, type RevisionEntity } from '@safarnama/contract';
import { editorsOf, holdEditing, ownAdminId, subscribePresence, type Editor } from './presence';

/** The other sockets that have this record's edit form open (none without an id). */
export const useEditors = (entity: RevisionEntity, id: string | null | undefined) =>
  useSyncExternalStore(subscribePresence, () => editorsOf(entity, id));

/** Says this record's edit form is open while the calling component is mounted (with an id). */
export const useHoldEditing = (entity: RevisionEntity, id: string | null | undefined): void => {
  useEffect(() => (id ? holdEditing({ entity, id }) : undefined), [entity, id]);
};

/**
 * What to say about them: other admins by name ("Priya Shah is editing", two names, "3 people are
 * editing"), else, when only this admin's other tab has it open and `otherTabs` is asked for,
 * "You are editing this in another tab"; null when nobody else has it open.
 */
export const presenceText = (list: readonly Editor[], otherTabs: boolean): string | null => {
  const own = ownAdminId();
  const names = new Map<string, string>();
  for (const editor of list) {
    if (editor.admin._id !== own) names.set(editor.admin._id, editor.admin.name);
  }
  if (names.size > 0) return PRESENCE_TEXTS.editing([...names.values()]);
  return otherTabs && list.length > 0 ? PRESENCE_TEXTS.otherTab : null;
};

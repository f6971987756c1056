import { byId, type AuditRule } from '../../http/audit.js';
import { countries, places, states } from '../../db/schema/index.js';

const country = byId(countries, true);
const state = byId(states, true);
const place = byId(places, true);

/** Audit rules of the geography routes (http/audit.ts; multipart: an update's id is in the form). */
export const GEOGRAPHY_AUDIT = {
  addCountry: { action: 'create', entityType: 'country', load: country },
  updateCountry: { action: 'update', entityType: 'country', load: country },
  addState: { action: 'create', entityType: 'state', load: state },
  updateState: { action: 'update', entityType: 'state', load: state },
  addPlace: { action: 'create', entityType: 'place', load: place },
  updatePlace: { action: 'update', entityType: 'place', load: place },
  deleteCountry: { action: 'delete', entityType: 'country', load: country },
  deleteState: { action: 'delete', entityType: 'state', load: state },
  deletePlace: { action: 'delete', entityType: 'place', load: place },
  /** Issue 24: a bulk action's activate / deactivate ('Activated place …'). */
  placeStatus: { action: 'status', entityType: 'place', load: place },
} satisfies Record<string, AuditRule>;

import { describe, expect, it } from 'vitest';
import {
  DELETE_TEXTS,
  dependantCountText,
  dependantHeading,
  dependantsOf,
  inUseMessage,
  type DependantGroup,
} from './dependants.js';

const groups: DependantGroup[] = [
  { kind: 'state', count: 3, items: [{ _id: 's1', name: 'Goa' }] },
  { kind: 'placeDetails', count: 1, items: [{ _id: 'd1', name: 'Panaji (March)' }] },
  { kind: 'homepage', count: 1, items: [{ _id: 'blogs', name: 'Travelpedia Blogs' }] },
];

describe('dependants', () => {
  it('words the refusal with counts, singulars and the homepage section', () => {
    expect(groups.map(dependantCountText)).toEqual([
      '3 states',
      '1 place details record',
      'the homepage (Travelpedia Blogs)',
    ]);
    expect(inUseMessage('country', groups)).toBe(
      'This country is used by 3 states, 1 place details record and the homepage (Travelpedia Blogs): delete or change them first.',
    );
    expect(inUseMessage('blog', groups.slice(2))).toBe(
      'This blog is used by the homepage (Travelpedia Blogs): delete or change them first.',
    );
    expect(inUseMessage('place', [])).toBe(
      'This place is still used by other records: delete or change them first.',
    );
    expect(dependantHeading('placeDetails')).toBe('Place details records');
    expect(DELETE_TEXTS.deleted('Country')).toBe('Country deleted successfully');
  });

  it('reads the dependants of a 409 envelope and nothing else', () => {
    expect(dependantsOf({ success: false, data: { dependants: groups } })).toEqual(groups);
    expect(dependantsOf({ success: false, message: 'x' })).toBeNull();
    expect(dependantsOf({ data: { dependants: [{ kind: 'planet', count: 1, items: [] }] } })).toBe(
      null,
    );
    expect(dependantsOf({ data: { dependants: [{ kind: 'state', count: 1, items: [{}] }] } })).toBe(
      null,
    );
    expect(dependantsOf(null)).toBeNull();
  });
});

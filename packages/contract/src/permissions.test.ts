import { describe, expect, it } from 'vitest';
import {
  PERMISSION_DEPENDENCIES,
  PERMISSION_KEYS,
  isPermissionKey,
  withDependencies,
  type PermissionKey,
} from './permissions.js';

describe('permission dependencies', () => {
  it('names only existing keys, for every key', () => {
    expect(Object.keys(PERMISSION_DEPENDENCIES).sort()).toEqual([...PERMISSION_KEYS].sort());
    for (const [key, needs] of Object.entries(PERMISSION_DEPENDENCIES)) {
      for (const needed of needs) expect(isPermissionKey(needed), `${key} → ${needed}`).toBe(true);
      expect(needs, key).not.toContain(key);
    }
  });

  it('has no cycle', () => {
    const done = new Set<PermissionKey>();
    const visit = (key: PermissionKey, path: PermissionKey[]): void => {
      if (path.includes(key)) throw new Error(`cycle: ${[...path, key].join(' → ')}`);
      if (done.has(key)) return;
      for (const needed of PERMISSION_DEPENDENCIES[key]) visit(needed, [...path, key]);
      done.add(key);
    };
    for (const key of PERMISSION_KEYS) expect(() => visit(key, [])).not.toThrow();
  });

  it('gives every create, update and delete its own view, and views need nothing', () => {
    for (const key of PERMISSION_KEYS) {
      const [module, action] = key.split('.');
      if (action === 'view') expect(PERMISSION_DEPENDENCIES[key], key).toEqual([]);
      else expect(PERMISSION_DEPENDENCIES[key], key).toContain(`${module}.view`);
    }
  });

  it('adds what the forms pick from, in the contract order', () => {
    expect(withDependencies(['itineraries.create'])).toEqual([
      'geography.view',
      'itineraries.view',
      'itineraries.create',
      'image-libraries.view',
    ]);
    expect(withDependencies(['place-details.update'])).toEqual([
      'geography.view',
      'place-details.view',
      'place-details.update',
      'image-libraries.view',
    ]);
    expect(withDependencies(['blogs.create'])).toEqual([
      'geography.view',
      'blogs.view',
      'blogs.create',
    ]);
    expect(withDependencies(['homepage.update'])).toEqual([
      'geography.view',
      'blogs.view',
      'itineraries.view',
      'homepage.view',
      'homepage.update',
    ]);
    expect(withDependencies(['settings.update', 'dashboard.view'])).toEqual([
      'dashboard.view',
      'settings.view',
      'settings.update',
    ]);
  });

  it('is closed (transitive), idempotent and drops unknown keys', () => {
    for (const key of PERMISSION_KEYS) {
      const closure = withDependencies([key]);
      expect(closure).toContain(key);
      for (const member of closure) {
        for (const needed of PERMISSION_DEPENDENCIES[member]) expect(closure).toContain(needed);
      }
      expect(withDependencies(closure)).toEqual(closure);
    }
    expect(withDependencies(['old.key', 'itineraries.delete'])).toEqual([
      'itineraries.view',
      'itineraries.delete',
    ]);
    expect(withDependencies([])).toEqual([]);
    expect(withDependencies(PERMISSION_KEYS)).toEqual([...PERMISSION_KEYS]);
  });
});

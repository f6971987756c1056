import { describe, expect, it } from 'vitest';
import { PERMISSION_KEYS } from '@safarnama/contract';
import {
  columnState,
  keyLabel,
  MATRIX_ROWS,
  neededBy,
  rowState,
  setKey,
  summarise,
  toggleGroup,
  toRequestKeys,
} from './permissionMatrix';

const ALL = new Set<string>(PERMISSION_KEYS);
const itineraries = MATRIX_ROWS.find((row) => row.module === 'itineraries');
if (!itineraries) throw new Error('itineraries row expected');

describe('permission matrix rules', () => {
  it('has one row per contract module with its own actions', () => {
    expect(MATRIX_ROWS.map((row) => row.label)).toContain('Itineraries');
    expect(MATRIX_ROWS.find((row) => row.module === 'dashboard')?.actions).toEqual(['view']);
    expect(MATRIX_ROWS.find((row) => row.module === 'homepage')?.actions).toEqual([
      'view',
      'update',
    ]);
  });

  it('granting create grants view and what its form picks from; view stays while needed', () => {
    const granted = setKey(new Set(), 'itineraries.create', true, ALL);
    expect(toRequestKeys(granted)).toEqual([
      'geography.view',
      'itineraries.view',
      'itineraries.create',
      'image-libraries.view',
    ]);
    const withUpdate = setKey(granted, 'itineraries.update', true, ALL);
    // View and the pickers' lists cannot go while create or update needs them.
    expect(setKey(withUpdate, 'itineraries.view', false, ALL)).toEqual(withUpdate);
    expect(setKey(withUpdate, 'geography.view', false, ALL)).toEqual(withUpdate);
    const noCreate = setKey(withUpdate, 'itineraries.create', false, ALL);
    const noUpdate = setKey(noCreate, 'itineraries.update', false, ALL);
    // Once nothing needs them, they can go (and stay until then: withdrawing is one at a time).
    expect(toRequestKeys(noUpdate)).toEqual([
      'geography.view',
      'itineraries.view',
      'image-libraries.view',
    ]);
    expect(toRequestKeys(setKey(noUpdate, 'geography.view', false, ALL))).toEqual([
      'itineraries.view',
      'image-libraries.view',
    ]);
  });

  it('says which ticked keys need a key, and labels them', () => {
    const selected = setKey(
      setKey(new Set(), 'itineraries.create', true, ALL),
      'homepage.update',
      true,
      ALL,
    );
    expect(neededBy(selected, 'geography.view')).toEqual(['itineraries.create', 'homepage.update']);
    expect(neededBy(selected, 'itineraries.view')).toEqual([
      'itineraries.create',
      'homepage.update',
    ]);
    expect(neededBy(selected, 'itineraries.create')).toEqual([]);
    expect(neededBy(new Set(['itineraries.view']), 'geography.view')).toEqual([]);
    expect(keyLabel('itineraries.create')).toBe('Itineraries · Create');
    expect(keyLabel('geography.view')).toBe('Countries, states & places · View');
  });

  it('never changes a key above the ceiling, nor through the view rule', () => {
    const canChange = new Set(['itineraries.create']);
    expect([...setKey(new Set(), 'itineraries.create', true, canChange)]).toEqual([
      'itineraries.create',
    ]);
    const held = new Set(['itineraries.view', 'itineraries.delete']);
    expect(setKey(held, 'itineraries.view', false, canChange)).toEqual(held);
    expect(setKey(held, 'itineraries.delete', false, canChange)).toEqual(held);
  });

  it('row toggle: all changeable keys on, then all off; keys above the ceiling stay', () => {
    const canChange = new Set(['itineraries.view', 'itineraries.create', 'itineraries.update']);
    const start = new Set(['itineraries.delete']);
    const first = rowState(itineraries, start, canChange);
    expect(first.state).toBe('none');
    const on = toggleGroup(first.changeable, first.state, start, canChange);
    expect([...on].sort()).toEqual([
      'itineraries.create',
      'itineraries.delete',
      'itineraries.update',
      'itineraries.view',
    ]);
    const second = rowState(itineraries, on, canChange);
    expect(second.state).toBe('all');
    const off = toggleGroup(second.changeable, second.state, on, canChange);
    // Delete (above the ceiling) stays, and so does the view it needs.
    expect(toRequestKeys(off)).toEqual(['itineraries.view', 'itineraries.delete']);
  });

  it('a group toggle off keeps the keys that other ticked keys need', () => {
    const start = setKey(new Set(), 'blogs.create', true, ALL);
    const geography = MATRIX_ROWS.find((row) => row.module === 'geography');
    if (!geography) throw new Error('geography row expected');
    const on = rowState(geography, start, ALL);
    const full = toggleGroup(on.changeable, on.state, start, ALL);
    expect(rowState(geography, full, ALL).state).toBe('all');
    const off = toggleGroup(on.changeable, 'all', full, ALL);
    expect(toRequestKeys(off)).toEqual(['geography.view', 'blogs.view', 'blogs.create']);
    expect(rowState(geography, off, ALL).state).toBe('some');
  });

  it('column toggle covers only modules that have the action', () => {
    const { state, changeable } = columnState('delete', new Set(), ALL);
    expect(state).toBe('none');
    expect(changeable).not.toContain('dashboard.delete');
    expect(changeable).toContain('blogs.delete');
    const on = toggleGroup(changeable, state, new Set(), ALL);
    expect(on.has('blogs.delete')).toBe(true);
    expect(on.has('blogs.view')).toBe(true);
    expect(on.has('homepage.view')).toBe(false);
    expect(columnState('delete', on, ALL).state).toBe('all');
    expect(columnState('view', on, ALL).state).toBe('some');
  });

  it('sends known keys only, in the contract order', () => {
    expect(toRequestKeys(new Set(['itineraries.view', 'old.key', 'dashboard.view']))).toEqual([
      'dashboard.view',
      'itineraries.view',
    ]);
  });

  it('summarises by module label', () => {
    expect(summarise(['itineraries.view', 'itineraries.create', 'image-libraries.view'])).toEqual([
      { label: 'Itineraries', actions: 'view, create' },
      { label: 'Image libraries', actions: 'view' },
    ]);
  });
});

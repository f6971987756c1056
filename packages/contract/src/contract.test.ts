import { describe, expect, it } from 'vitest';
import {
  PERMISSION_KEYS,
  isPermissionKey,
  listQuerySchema,
  loginRequestSchema,
  makePagination,
  paginationSchema,
  requestSchema,
  LIBRARY_MONTHS,
  TOUR_TYPES,
} from './index.js';

describe('pagination', () => {
  it('computes pages and neighbours', () => {
    expect(makePagination(0, 1, 10)).toEqual({
      total: 0,
      page: 1,
      limit: 10,
      totalPages: 1,
      hasPrevPage: false,
      hasNextPage: false,
    });
    expect(makePagination(25, 2, 10)).toMatchObject({
      totalPages: 3,
      hasPrevPage: true,
      hasNextPage: true,
    });
    expect(makePagination(30, 3, 10)).toMatchObject({ totalPages: 3, hasNextPage: false });
  });

  it('follows the look-ahead row and marks an estimated total', () => {
    // Page 11 of an estimate of 1 100 with another row after it: a next page, a 12th page.
    const estimated = makePagination(1100, 11, 100, { hasNextPage: true, totalIsEstimate: true });
    expect(estimated).toEqual({
      total: 1100,
      page: 11,
      limit: 100,
      totalPages: 12,
      hasPrevPage: true,
      hasNextPage: true,
      totalIsEstimate: true,
    });
    expect(paginationSchema.parse(estimated)).toEqual(estimated);
    // The look-ahead wins over a total that promises more pages.
    expect(makePagination(500, 3, 10, { hasNextPage: false })).toMatchObject({
      totalPages: 50,
      hasNextPage: false,
    });
    // An exact total carries no flag (the spec's shape, unchanged).
    const exact = makePagination(25, 3, 10, { hasNextPage: false, totalIsEstimate: false });
    expect(exact).toEqual(makePagination(25, 3, 10));
    expect(exact).not.toHaveProperty('totalIsEstimate');
    expect(paginationSchema.safeParse({ ...exact, totalIsEstimate: 'yes' }).success).toBe(false);
  });

  it('defaults and bounds list queries', () => {
    expect(listQuerySchema.parse({})).toEqual({ page: 1, limit: 10, search: '' });
    expect(listQuerySchema.parse({ page: '3', limit: '25', search: '  goa ' })).toEqual({
      page: 3,
      limit: 25,
      search: 'goa',
    });
    expect(listQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(listQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(listQuerySchema.safeParse({ search: 'x'.repeat(201) }).success).toBe(false);
    expect(listQuerySchema.safeParse({ sort: 'passwordHash' }).success).toBe(false);
  });
});

describe('permissions', () => {
  it('are module.action keys without duplicates', () => {
    expect(new Set(PERMISSION_KEYS).size).toBe(PERMISSION_KEYS.length);
    for (const key of PERMISSION_KEYS)
      expect(key).toMatch(/^[a-z-]+\.(view|create|update|delete)$/);
    expect(isPermissionKey('itineraries.create')).toBe(true);
    expect(isPermissionKey('activity.delete')).toBe(false);
  });
});

describe('login request', () => {
  const wrap = requestSchema(loginRequestSchema);
  it('needs the data wrapper and rejects unknown keys', () => {
    expect(wrap.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(false);
    expect(
      wrap.safeParse({ data: { email: 'a@b.co', password: 'x', isSuperAdmin: true } }).success,
    ).toBe(false);
    const ok = wrap.parse({ data: { email: ' A@B.co ', password: 'x' } });
    expect(ok.data).toEqual({ email: 'A@B.co', password: 'x', rememberMe: false });
  });
  it('refuses wrong types', () => {
    expect(wrap.safeParse({ data: { email: {}, password: 'x' } }).success).toBe(false);
    expect(wrap.safeParse({ data: { email: 'a@b.co', password: ['x'] } }).success).toBe(false);
  });
});

describe('constants of spec §9', () => {
  it('lists the ten tour types and thirteen library months', () => {
    expect(TOUR_TYPES).toHaveLength(10);
    expect(LIBRARY_MONTHS[0]).toBe('All Months');
    expect(LIBRARY_MONTHS).toHaveLength(13);
  });
});

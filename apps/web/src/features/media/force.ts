import { FORCE_QUERY } from '@safarnama/contract';

/** A delete's URL with `?force=true` when the references are to go too (issue 24). */
export const withForce = (url: string, force: boolean | undefined): string =>
  force ? `${url}${url.includes('?') ? '&' : '?'}${FORCE_QUERY}=true` : url;

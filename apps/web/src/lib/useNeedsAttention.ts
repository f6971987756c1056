import { useSearchParams } from 'react-router';

/** The URL parameter of the lists' 'Needs attention' filter (issue 23), as the API names it. */
export const NEEDS_ATTENTION_PARAM = 'needsAttention';

/**
 * The 'Needs attention' filter of a list page, kept in the URL (`?needsAttention=true`), so a
 * reload, the back button or a shared link shows the same list. `key` is what `useSearchPaging`
 * takes as its filter: switching it starts again at page 1.
 */
export const useNeedsAttention = () => {
  const [params, setParams] = useSearchParams();
  const active = params.get(NEEDS_ATTENTION_PARAM) === 'true';
  return {
    active,
    key: active ? NEEDS_ATTENTION_PARAM : '',
    onChange: (on: boolean): void => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (on) next.set(NEEDS_ATTENTION_PARAM, 'true');
          else next.delete(NEEDS_ATTENTION_PARAM);
          return next;
        },
        { replace: true },
      );
    },
  };
};

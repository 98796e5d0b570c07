import { useSearchParams } from 'react-router';

/**
 * A list's filters kept in the address (`?status=&search=`), so they survive a reload and can be
 * linked to: the current parameters, and a setter that drops a filter set to ''.
 */
export const useFilterParams = <Key extends string>() => {
  const [searchParams, setSearchParams] = useSearchParams();
  const setFilter = (key: Key, value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  /** The parameter's value when it is one of `allowed`. */
  const pick = <T extends string>(key: Key, allowed: readonly T[]) => {
    const value = searchParams.get(key);
    return value && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
  };
  return { searchParams, setFilter, pick };
};

/** Query-key factory of the access-code sets; invalidate by prefix (accessCodeSetKeys.detail(id)). */
export const accessCodeSetKeys = {
  all: ['access-code-sets'] as const,
  list: (page: number) => [...accessCodeSetKeys.all, 'list', page] as const,
  detail: (id: string) => [...accessCodeSetKeys.all, 'detail', id] as const,
  codes: (id: string) => [...accessCodeSetKeys.detail(id), 'codes'] as const,
  links: (id: string) => [...accessCodeSetKeys.detail(id), 'links'] as const,
  usage: (id: string, page: number, q: string) =>
    [...accessCodeSetKeys.detail(id), 'usage', page, q] as const,
};

export const setPath = (id?: string, suffix = ''): string =>
  id === undefined ? '/access-code-sets' : `/access-code-sets/${encodeURIComponent(id)}${suffix}`;

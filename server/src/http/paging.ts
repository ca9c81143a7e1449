/** The page a list operation asks for; the contract makes both optional. */
export function pageOf(query: { page?: number; pageSize?: number }): { page: number; pageSize: number } {
  return { page: query.page ?? 1, pageSize: query.pageSize ?? 10 };
}

// The sales area as calls carry it (domain_area), only when the store has one.
export const areaParam = (area: string | undefined): { domain_area?: never } => (area ? { domain_area: area as never } : {});

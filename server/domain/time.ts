// Times as the contract sends them: whole seconds since the epoch, 0 for none.

export const unixSeconds = (d: Date | string | null | undefined) => (d ? Math.floor(new Date(d).getTime() / 1000) : 0);

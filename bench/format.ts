// How the bench's figures are written in its table.
export const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The symbol pages of routes.txt (Sinfo botsymbol): spot symbols, perpetual symbols, the symbol picker. */
export const SymbolPaths = {
  spot: '/pages/personal/symbol2',
  perpetual: '/pages/personal/symbol3',
  picker: '/pages/personal/symbolv2',
} as const;

/** The address pages' routes (verbatim from routes.txt). */
export const AddressPaths = {
  list: '/pages/personal/MyAddress',
  /** Add; with `?id=` it edits that address. */
  edit: '/pages/personal/AddNewAddress',
} as const;

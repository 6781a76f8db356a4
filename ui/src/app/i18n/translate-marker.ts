/** Marks a string for translation where it is defined; the translate pipe looks it up where it is shown. */
export function T(text: string): string {
  return text;
}

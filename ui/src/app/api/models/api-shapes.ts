// Helpers for the panel's models, which come from the generated types (generated/api-types.generated.ts).
//
// Where the API's schema says less than the panel relies on (a `dict` the plugin fills in, a `str` that holds one of a
// few words), a view model narrows the generated type. `Narrowed` keeps such a view tied to the schema: every field it
// narrows must be in the generated type and fit it, so a model change the panel does not follow fails to compile.

/** `T` with every schema `dict` (`{ [k: string]: unknown }`) in it taken as any object, which an interface may
 *  describe (an interface is no `{ [k: string]: unknown }` to TypeScript). */
export type Loose<T> = T extends readonly (infer E)[]
  ? Loose<E>[]
  : string extends keyof T ? object : T extends object ? { [K in keyof T]: Loose<T[K]> } : T;

/** `T` with the fields of `N` in their narrower types. */
export type Narrowed<T, N extends { [K in keyof N]: K extends keyof T ? Loose<T[K]> : never }> = Omit<T, keyof N> & N;

/** The type of parameter `I` of a method's params (a union of tuples when the last ones may be left out). */
export type ParamAt<P extends readonly unknown[], I extends number> = P extends { [K in I]: infer T } ? T : never;

/** Compiles only when `M` is `never`: `NoneOf<Exclude<Union, (typeof LIST)[number]>>` fails naming what a list of
 *  the API's values leaves out, once the models add a value. */
export type NoneOf<M extends never> = M;

/** Spec §9. Tile servers stop at 19, so the deepest tiles are scaled up rather than left blank. */
export const ZOOM = 25;
export const NATIVE_ZOOM = 19;

/** The element a component's markup guarantees (a missing one is a markup bug, not a runtime case). */
export const q = <T extends Element = HTMLElement>(root: ParentNode, selector: string) => root.querySelector<T>(selector)!;

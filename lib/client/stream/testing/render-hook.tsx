import { act, type ReactNode } from "react";
import { createRoot } from "react-dom/client";

// renderHook for Node: renders a component that returns null, so no DOM nodes are ever created.

function fakeContainer(): Element {
  const doc: Record<string, unknown> = {
    nodeType: 9,
    activeElement: null,
    body: null,
    addEventListener() {},
    removeEventListener() {},
  };
  doc.defaultView = { HTMLIFrameElement: class {}, document: doc, getSelection: () => null };
  return {
    nodeType: 1,
    tagName: "DIV",
    namespaceURI: "http://www.w3.org/1999/xhtml",
    ownerDocument: doc,
    textContent: "",
    firstChild: null,
    addEventListener() {},
    removeEventListener() {},
    appendChild() {},
    removeChild() {},
  } as unknown as Element;
}

export interface HookHandle<P, R> {
  result: { current: R; renders: number };
  rerender(props: P): Promise<void>;
  unmount(): Promise<void>;
}

interface ProbeProps<P, R> {
  hook: (props: P) => R;
  p: P;
  result: { current: R; renders: number };
}

function Probe<P, R>({ hook, p, result }: ProbeProps<P, R>) {
  result.current = hook(p);
  result.renders++;
  return null;
}

export async function renderHook<P, R>(
  hook: (props: P) => R,
  props: P,
  wrapper: (children: ReactNode) => ReactNode,
): Promise<HookHandle<P, R>> {
  const result = { current: undefined as R, renders: 0 };
  const root = createRoot(fakeContainer());
  await act(async () => root.render(wrapper(<Probe hook={hook} p={props} result={result} />)));
  return {
    result,
    rerender: (p) => act(async () => root.render(wrapper(<Probe hook={hook} p={p} result={result} />))),
    unmount: () => act(async () => root.unmount()),
  };
}

/** Lets pending effects, fetches and timers settle inside act(). */
export async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
}

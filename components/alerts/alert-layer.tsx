"use client";

import { AlertRunner } from "./alert-runner";
import { AlertToasts } from "./alert-toasts";

/** The alert runner and its toasts, loaded together by ./alert-host.tsx. */
export function AlertLayer() {
  return (
    <>
      <AlertRunner />
      <AlertToasts />
    </>
  );
}

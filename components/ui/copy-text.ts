export interface CopyEnv {
  clipboard?: { writeText(text: string): Promise<void> };
  document?: Pick<Document, "createElement" | "execCommand" | "body">;
}

/** Copies text; falls back to a hidden textarea where the async clipboard is missing or refused (http, old browsers). */
export async function copyText(text: string, env: CopyEnv = defaultEnv()): Promise<boolean> {
  try {
    if (env.clipboard) {
      await env.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the legacy path
  }
  const doc = env.document;
  if (!doc?.body) return false;
  const area = doc.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.className = "fixed -left-[9999px] opacity-0";
  doc.body.appendChild(area);
  try {
    area.select();
    return doc.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

function defaultEnv(): CopyEnv {
  return {
    clipboard: typeof navigator === "undefined" ? undefined : navigator.clipboard,
    document: typeof document === "undefined" ? undefined : document,
  };
}

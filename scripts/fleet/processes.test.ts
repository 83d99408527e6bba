import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { EXIT_PORT_IN_USE, ExitedBeforeListening, isListeningMessage, listeningPort } from "./processes";

// A child reports its port over IPC; a child that dies first is reported at once, with its exit code and output.

function child(script: string) {
  return spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit", "ipc"] });
}

function lines(proc: ReturnType<typeof child>): string[] {
  const out: string[] = [];
  proc.stdout?.on("data", (c: Buffer) => out.push(...String(c).split("\n").filter(Boolean)));
  return out;
}

describe("listeningPort", () => {
  it("resolves with the port the child chose and closes the channel", async () => {
    const proc = child(`
      const server = require("node:http").createServer((_, res) => res.end("ok"));
      server.listen(0, "127.0.0.1", () => process.send({ type: "listening", port: server.address().port }));
      process.on("disconnect", () => console.log("channel closed"));
    `);
    const out = lines(proc);
    try {
      const port = await listeningPort(proc, "the child");
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe("ok");
      expect(proc.connected).toBe(false);
      await expect.poll(() => out).toContain("channel closed");
    } finally {
      proc.kill();
    }
  });

  it("ignores other messages", async () => {
    const proc = child(`
      process.send({ type: "log", port: 1 });
      process.send({ type: "listening", port: "2" });
      process.send({ type: "listening", port: 4321 });
      setInterval(() => {}, 1000);
    `);
    try {
      expect(await listeningPort(proc, "the child")).toBe(4321);
    } finally {
      proc.kill();
    }
  });

  it("rejects at once, with the exit code and the last output, when the child exits first", async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", () => r()));
    const taken = (blocker.address() as { port: number }).port;
    const proc = child(`
      const server = require("node:http").createServer();
      server.on("error", (e) => { console.log("cannot listen: " + e.code); process.exit(e.code === "EADDRINUSE" ? ${EXIT_PORT_IN_USE} : 1); });
      server.listen(${taken}, "127.0.0.1", () => process.send({ type: "listening", port: ${taken} }));
    `);
    const out = lines(proc);
    const started = Date.now();
    try {
      const error = await listeningPort(proc, "the child", 60_000, () => out).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ExitedBeforeListening);
      const exited = error as ExitedBeforeListening;
      expect(exited.code).toBe(EXIT_PORT_IN_USE);
      expect(exited.message).toContain("the child exited (code 98) before it listened");
      expect(exited.message).toContain("cannot listen: EADDRINUSE");
      expect(Date.now() - started).toBeLessThan(60_000);
    } finally {
      blocker.close();
    }
  });

  it("rejects when the child never says it listens", async () => {
    const proc = child(`setInterval(() => {}, 1000); console.log("starting");`);
    const out = lines(proc);
    await expect.poll(() => out).toContain("starting");
    try {
      await expect(listeningPort(proc, "the child", 200, () => out)).rejects.toThrow(
        /the child did not listen within 200 ms; its last output:\nstarting/,
      );
    } finally {
      proc.kill();
    }
  });
});

describe("isListeningMessage", () => {
  it("takes only { type: 'listening', port: integer }", () => {
    expect(isListeningMessage({ type: "listening", port: 3000 })).toBe(true);
    expect(isListeningMessage({ type: "listening", port: 3000.5 })).toBe(false);
    expect(isListeningMessage({ type: "listening" })).toBe(false);
    expect(isListeningMessage(null)).toBe(false);
    expect(isListeningMessage("listening")).toBe(false);
  });
});

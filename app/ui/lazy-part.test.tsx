import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { describe, expect, it } from "vitest";
import { lazyPart } from "./lazy-part";

function Greeting({ name }: { name: string }) {
  return <p>Hei {name}</p>;
}

async function prerendered(element: React.ReactElement): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  let html = "";
  for await (const chunk of prelude) html += chunk;
  return html;
}

describe("lazyPart", () => {
  it("renders the part at once on the server, so the page is whole without JavaScript", () => {
    let loaded = 0;
    const Part = lazyPart(Greeting, async () => {
      loaded++;
      return Greeting;
    });
    expect(renderToString(<Part name="Maija" />)).toContain("Hei <!-- -->Maija");
    expect(loaded).toBe(0);
  });

  it("in the browser, loads the part only when it is rendered, then shows it", async () => {
    let loaded = 0;
    const Part = lazyPart<{ name: string }>(null, async () => {
      loaded++;
      return Greeting;
    });
    expect(loaded).toBe(0);
    expect(await prerendered(<Part name="Erkki" />)).toContain("Hei <!-- -->Erkki");
    expect(loaded).toBe(1);
  });

  it("a part that cannot be fetched stays as it is instead of raising an error", async () => {
    const Part = lazyPart<{ name: string }>(null, () => Promise.reject(new Error("offline")));
    const controller = new AbortController();
    const errors: string[] = [];
    const render = prerenderToNodeStream(<Part name="Erkki" />, {
      signal: controller.signal,
      onError: (error) => void errors.push((error as Error).message),
    });
    // The fetch has failed by now: the part waits (the page keeps the server's HTML) instead of raising it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
    await render.catch(() => undefined);
    expect(errors).not.toContain("offline");
  });
});

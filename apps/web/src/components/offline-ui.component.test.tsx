// @vitest-environment happy-dom
import { I18nProvider } from "@lingui/react";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { activateLocale, i18n, loadNamespaces } from "../i18n/i18n";
import { translate } from "../i18n/useT";
import { OFFLINE_REASON_ID } from "../lib/online";
import { browserSays } from "../test/browser-network";
import { Button, Loading } from "./ui";

/** The browser's network flag, as navigator.onLine and its events report it (issue 30 item 10). */
function goOnline(online: boolean) {
  act(() => browserSays(online));
}

const show = (ui: React.ReactNode) => render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);

beforeAll(async () => {
  await activateLocale("en");
  await loadNamespaces(["groups"]);
});
afterEach(async () => {
  cleanup();
  goOnline(true);
  await activateLocale("en");
});

describe("a button that needs the network", () => {
  it("is disabled offline and says why, keeping its own description, then comes back online", () => {
    show(
      <Button needsNetwork aria-describedby="card-title">
        I can help
      </Button>,
    );
    const button = screen.getByRole("button", { name: "I can help" });
    expect(button.hasAttribute("disabled")).toBe(false);
    expect(button.getAttribute("aria-describedby")).toBe("card-title");
    expect(button.getAttribute("title")).toBeNull();

    goOnline(false);
    expect(button.hasAttribute("disabled")).toBe(true);
    expect(button.getAttribute("aria-describedby")).toBe(`card-title ${OFFLINE_REASON_ID}`);
    expect(button.getAttribute("title")).toBe("You are offline. This works again once you are back online.");

    goOnline(true);
    expect(button.hasAttribute("disabled")).toBe(false);
    expect(button.getAttribute("aria-describedby")).toBe("card-title");
  });

  it("says its reason in Spanish", async () => {
    await activateLocale("es");
    goOnline(false);
    show(<Button needsNetwork>Crear</Button>);
    expect(screen.getByRole("button").getAttribute("title")).toBe(
      "No tienes conexión. Podrás hacerlo cuando vuelvas a estar en línea.",
    );
  });

  it("stays usable offline when it sends nothing", () => {
    goOnline(false);
    show(<Button>View members</Button>);
    const button = screen.getByRole("button");
    expect(button.hasAttribute("disabled")).toBe(false);
    expect(button.getAttribute("aria-describedby")).toBeNull();
  });
});

describe("a list waiting for its first answer", () => {
  it("spins while the network is there, and says plainly that it waits for one when it is not", () => {
    show(<Loading label="Loading your groups…" offlineText={translate("groups.offline")} />);
    expect(screen.getByRole("status").textContent).toBe("Loading your groups…");
    goOnline(false);
    expect(screen.getByRole("status").textContent).toBe(
      "You are offline. Your groups will show here as soon as you are back online.",
    );
    expect(document.querySelector(".spinner")).toBeNull();
  });
});

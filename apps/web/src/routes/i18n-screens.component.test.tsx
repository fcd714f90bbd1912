// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, loadNamespaces } from "../i18n/i18n";
import { renderWithApi, type Handlers } from "../test/render";
import ForgotPasswordPage from "./ForgotPasswordPage";
import LoginPage from "./LoginPage";
import NotFoundPage from "./NotFoundPage";
import VerifyEmailPage from "./VerifyEmailPage";
import UnsubscribePage from "./UnsubscribePage";

const signedOut: Handlers = { "user.me": () => null, "system.info": () => ({ demoAccounts: [], adminContact: null }) };

async function showIn(locale: "en" | "es" | "de") {
  await act(async () => {
    await activateLocale(locale);
    await loadNamespaces(["common", "auth", "unsubscribe"]);
  });
}

afterEach(async () => {
  cleanup();
  // Every other test reads English.
  await activateLocale("en");
});

function showUnsubscribe() {
  return renderWithApi(
    <Routes>
      <Route path="/unsubscribe/:token" element={<UnsubscribePage />} />
    </Routes>,
    {
      ...signedOut,
      "unsubscribe.describe": () => ({
        scope: { type: "group", groupId: "g", groupName: "Elm Street" },
        state: "receiving",
        allStopped: false,
      }),
    },
    { route: "/unsubscribe/tok" },
  );
}

describe("the screens in the reader's language", () => {
  it("shows the login page in English, the spec's texts", async () => {
    renderWithApi(<LoginPage />, signedOut, { route: "/login" });
    expect(await screen.findByRole("heading", { name: "Welcome back" })).toBeTruthy();
    expect(screen.getByLabelText("Email")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Log In" })).toBeTruthy();
    expect(screen.getByText("New here?")).toBeTruthy();
  });

  it("shows the login page in Spanish", async () => {
    await showIn("es");
    renderWithApi(<LoginPage />, signedOut, { route: "/login" });
    expect(await screen.findByRole("heading", { name: "Hola de nuevo" })).toBeTruthy();
    expect(screen.getByLabelText("Correo electrónico")).toBeTruthy();
    expect(screen.getByLabelText("Contraseña")).toBeTruthy();
    expect(screen.getByRole("link", { name: "¿Olvidaste tu contraseña?" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Iniciar sesión" })).toBeTruthy();
    expect(document.title).toBe("Iniciar sesión · Help Your Neighbor");
  });

  it("shows the unsubscribe page in Spanish, the group's name inside the sentence", async () => {
    await showIn("es");
    showUnsubscribe();
    expect(await screen.findByText("Dejarás de recibir correos sobre nuevas solicitudes en Elm Street.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Darme de baja" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Detener todos los correos" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Gestionar notificaciones" })).toBeTruthy();
  });

  it("shows the unsubscribe page in German, and English again after switching back", async () => {
    await showIn("de");
    showUnsubscribe();
    expect(
      await screen.findByText("Du bekommst dann keine E-Mails mehr zu neuen Anfragen in Elm Street."),
    ).toBeTruthy();
    await showIn("en");
    expect(await screen.findByText("You will stop receiving e-mails about new requests in Elm Street.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Unsubscribe" })).toBeTruthy();
  });

  it("says what is missing with the spec's English text", async () => {
    renderWithApi(<LoginPage />, signedOut, { route: "/login" });
    fireEvent.click(await screen.findByRole("button", { name: "Log In" }));
    expect(screen.getByRole("alert").textContent).toBe("Please fill in all fields");
  });

  it("keeps the spec's apostrophes", async () => {
    renderWithApi(<VerifyEmailPage />, signedOut, { route: "/verify-email" });
    expect(await screen.findByRole("heading", { name: "Didn't get it?" })).toBeTruthy();
    expect(screen.getByText("The link expires in 24 hours; resend it if it has.")).toBeTruthy();
    cleanup();
    renderWithApi(<ForgotPasswordPage />, signedOut, { route: "/forgot-password" });
    expect(
      await screen.findByText("Enter your email address and we'll send you a link to choose a new one."),
    ).toBeTruthy();
  });

  it("places an element inside a translated sentence where the language puts it", async () => {
    await showIn("de");
    renderWithApi(<NotFoundPage />, signedOut, { route: "/nirgends" });
    const code = await screen.findByText("/nirgends");
    expect(code.tagName).toBe("CODE");
    expect(code.parentElement!.textContent).toBe(
      "Unter /nirgends gibt es nichts. Vielleicht ist der Link falsch geschrieben oder die Seite wurde verschoben.",
    );
  });
});

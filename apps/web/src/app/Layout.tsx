import { useEffect, useRef, useState } from "react";
import { Link, NavLink, Outlet, useLocation, useNavigate, useNavigation } from "react-router";
import { useToast } from "../components/Toasts";
import { useScrollRestoration } from "./scroll-restoration";
import { useAuth } from "../features/auth/AuthProvider";
import { ThemeChoice } from "../features/theme/ThemeChoice";
import { LanguageChoice } from "../features/language/LanguageChoice";
import { useT } from "../i18n/useT";
import { AppBanners } from "../pwa/AppBanners";

function Brand() {
  return (
    <Link to="/" className="brand">
      <img src="/favicon.svg" alt="" width="28" height="28" />
      <span>Help Your Neighbor</span>
    </Link>
  );
}

/** The top bar index.html paints before the scripts run, kept until the first screen's chunk is in. */
export function StartupShell() {
  return (
    <header className="topbar">
      <div className="topbar-inner">
        <Brand />
      </div>
    </header>
  );
}

export function Layout() {
  const t = useT();
  const { user, loading, signOut, nav: navShown } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuToggle = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const navigate = useNavigate();
  const toast = useToast();
  const location = useLocation();
  // A new page opens at its top; back, forward and a reload return to where the person was on it.
  useScrollRestoration();
  // A link to a screen whose chunk is not in yet keeps the current page until it is: say so.
  const changingPage = useNavigation().state === "loading";
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setMenuOpen(false);
  }

  // An error toast is about the page it was said on ("Invalid email or password" has no place on "Check your email").
  useEffect(() => {
    toast.pageShown(location.pathname);
  }, [location.pathname, toast]);

  // The open phone menu closes like any popup: on Escape or a tap outside it, handing focus back to
  // its toggle when focus was in the menu (so keyboard users are not left on a hidden link).
  useEffect(() => {
    if (!menuOpen) return;
    const close = (alwaysRefocus: boolean) => {
      const focusWasInMenu = nav.current?.contains(document.activeElement) ?? false;
      setMenuOpen(false);
      if (alwaysRefocus || focusWasInMenu) menuToggle.current?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") close(true);
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!nav.current?.contains(target) && !menuToggle.current?.contains(target)) close(false);
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [menuOpen]);

  async function logout() {
    let failed = false;
    try {
      await signOut();
    } catch {
      failed = true;
    }
    await navigate("/login");
    // Said on the login page, where it stays (an error said before leaving a page goes with it).
    if (failed) toast.error(t("common.logoutFailed"));
  }

  const link = (to: string, label: string) => (
    <NavLink to={to} end={to === "/"} className={({ isActive }) => `nav-link${isActive ? " active" : ""}`}>
      {label}
    </NavLink>
  );

  return (
    <>
      <a href="#main" className="skip-link">
        {t("common.skipToContent")}
      </a>
      <header className="topbar">
        <div className="topbar-inner">
          <Brand />
          <button
            ref={menuToggle}
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="main-nav"
            aria-label={menuOpen ? t("common.closeMenu") : t("common.openMenu")}
            onClick={() => setMenuOpen((o) => !o)}
          >
            <span aria-hidden="true">{menuOpen ? "✕" : "☰"}</span>
          </button>
          <nav
            ref={nav}
            id="main-nav"
            aria-label={t("common.mainNavigation")}
            className={`nav ${menuOpen ? "open" : ""}`}
          >
            {/* Opened offline, a signed-in person keeps their links (issue 43): the pages say they wait for the network. */}
            {navShown && (
              <>
                {link("/", t("common.navDashboard"))}
                {link("/groups", t("common.navGroups"))}
                {link("/trips", t("common.navTrips"))}
                {link("/profile", t("common.navProfile"))}
                {link("/feedback", t("common.navFeedback"))}
              </>
            )}
            {link("/about", t("common.navAbout"))}
            {navShown?.isAdmin && link("/admin", t("common.navAdmin"))}
            {!loading && !user && (
              <>
                {link("/login", t("common.navLogin"))}
                <NavLink to="/signup" className="nav-link nav-cta">
                  {t("common.navSignUp")}
                </NavLink>
              </>
            )}
            {!loading && user && (
              <button type="button" className="nav-link nav-button" onClick={logout}>
                {t("common.navLogout")}
              </button>
            )}
          </nav>
        </div>
        <AppBanners />
        {changingPage && <div className="page-progress" role="progressbar" aria-label={t("common.openingPage")} />}
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="footer">
        <p>{t("common.footerPromise")}</p>
        <div className="footer-choices">
          <LanguageChoice />
          <ThemeChoice />
        </div>
      </footer>
    </>
  );
}

import type { MessageId } from "@hyn/i18n/catalogs";
import { Link } from "react-router";
import { useAuth } from "../features/auth/AuthProvider";
import { usePageTitle } from "../lib/usePageTitle";
import { useT } from "../i18n/useT";
import "../features/account/account.css";

const STEPS = [
  { title: "about.stepJoinTitle", text: "about.stepJoinText" },
  { title: "about.stepRequestTitle", text: "about.stepRequestText" },
  { title: "about.stepCommunityTitle", text: "about.stepCommunityText" },
] as const satisfies ReadonlyArray<{ title: MessageId<"about">; text: MessageId<"about"> }>;

const VALUES = [
  { title: "about.valueFreeTitle", text: "about.valueFreeText" },
  { title: "about.valueNoAdsTitle", text: "about.valueNoAdsText" },
  { title: "about.valueDataTitle", text: "about.valueDataText" },
  { title: "about.valuePrivacyTitle", text: "about.valuePrivacyText" },
  { title: "about.valueTrustTitle", text: "about.valueTrustText" },
] as const satisfies ReadonlyArray<{ title: MessageId<"about">; text: MessageId<"about"> }>;

export default function AboutPage() {
  const t = useT();
  usePageTitle(t("about.title"));
  const { user, loading } = useAuth();
  return (
    <div className="page about">
      <section className="hero" aria-labelledby="about-title">
        <h1 id="about-title">{t("about.heroTitle")}</h1>
        <p>{t("about.heroText")}</p>
      </section>

      <section aria-labelledby="how-title">
        <h2 id="how-title" className="section-title">
          {t("about.howTitle")}
        </h2>
        <ol className="steps">
          {STEPS.map((step) => (
            <li key={step.title} className="card">
              <h3>{t(step.title)}</h3>
              <p>{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="values-title">
        <h2 id="values-title" className="section-title">
          {t("about.valuesTitle")}
        </h2>
        <ul className="values">
          {VALUES.map((value) => (
            <li key={value.title}>
              <span className="value-mark" aria-hidden="true">
                ✓
              </span>
              <div>
                <h3>{t(value.title)}</h3>
                <p>{t(value.text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {!loading && (
        <section className="card about-cta" aria-labelledby="cta-title">
          {user ? (
            <>
              <h2 id="cta-title">{t("about.ctaMemberTitle")}</h2>
              <p>{t("about.ctaMemberText")}</p>
              <div className="cta-row">
                <Link to="/" className="btn btn-primary">
                  {t("about.ctaDashboard")}
                </Link>
              </div>
            </>
          ) : (
            <>
              <h2 id="cta-title">{t("about.ctaGuestTitle")}</h2>
              <p>{t("about.ctaGuestText")}</p>
              <div className="cta-row">
                <Link to="/signup" className="btn btn-primary">
                  {t("about.ctaSignUp")}
                </Link>
                <Link to="/login" className="btn btn-secondary">
                  {t("about.ctaLogIn")}
                </Link>
              </div>
            </>
          )}
        </section>
      )}
    </div>
  );
}

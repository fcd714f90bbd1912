import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { Button, TextField } from "../../components/ui";
import { useT } from "../../i18n/useT";
import "./onboarding.css";

/**
 * Where a link from a neighbour leads, as a path of this app, or null when it is not one of its links: an address
 * of this site (any path: /invite/…, /join/…, a group's link) or a path starting with "/".
 */
export function pathOfLink(text: string, origin: string): string | null {
  const value = text.trim();
  if (value === "") return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || url.pathname === "/") return null;
  return url.pathname + url.search;
}

/**
 * A newcomer's next step on the dashboard when no invitation waits for them (issue 27): create a group for their
 * street, or open the link a neighbour gave them (pasted here).
 */
export function NewcomerStart() {
  const t = useT();
  const navigate = useNavigate();
  const [link, setLink] = useState("");
  const [error, setError] = useState<string | null>(null);

  function open(event: FormEvent) {
    event.preventDefault();
    const path = pathOfLink(link, window.location.origin);
    if (!path) return setError(t("sharing.linkNotOurs"));
    void navigate(path);
  }

  return (
    <section className="newcomer-start" aria-labelledby="newcomer-start-title">
      <h2 id="newcomer-start-title">{t("sharing.newcomerTitle")}</h2>
      <div className="newcomer-options">
        <div className="card newcomer-option">
          <h3>{t("sharing.createForStreet")}</h3>
          <p className="small muted">{t("sharing.createForStreetText")}</p>
          <Link className="btn btn-primary" to="/groups?create=1">
            {t("sharing.createGroupButton")}
          </Link>
        </div>
        <form className="card newcomer-option" onSubmit={open} noValidate aria-labelledby="newcomer-link-title">
          <h3 id="newcomer-link-title">{t("sharing.gotALink")}</h3>
          <TextField
            label={t("sharing.pasteLinkLabel")}
            name="neighbourLink"
            type="url"
            inputMode="url"
            autoComplete="off"
            value={link}
            onChange={(e) => (setLink(e.target.value), setError(null))}
            placeholder={t("sharing.pasteLinkPlaceholder")}
            error={error}
          />
          <Button type="submit" variant="secondary">
            {t("sharing.openLink")}
          </Button>
        </form>
      </div>
    </section>
  );
}

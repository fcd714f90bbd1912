import { useId } from "react";
import { useT } from "../../i18n/useT";
import { personName } from "./request-rules";
import type { OneRequestView } from "./types";

/** A phone number as a `tel:` address: the plus and the digits only. */
const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/**
 * How to reach the other person of a claim (issue 30): the server sends `contact` to the requester and the helper
 * alone, while the request is claimed, so this shows whenever it is there. For an "Ask me first" request the
 * helper is also told that they are to ask.
 */
export function ClaimContact({ request, viewerId }: { request: OneRequestView; viewerId: string }) {
  const t = useT();
  const titleId = useId();
  const { contact } = request;
  if (!contact) return null;
  const isHelper = request.claimedBy === viewerId;
  const name = personName(isHelper ? request.creator.name : (request.helper?.name ?? ""));
  return (
    <section className="claim-contact" aria-labelledby={titleId} data-testid="claim-contact">
      <h2 id={titleId} className="claim-contact-title">
        {t("asking.contactTitle", { name })}
      </h2>
      {isHelper && request.ifUnavailable === "ask" && (
        <p className="claim-contact-ask">{t("asking.askFirst", { name })}</p>
      )}
      <dl className="request-facts">
        <div>
          <dt>{t("asking.contactPhone")}</dt>
          <dd>
            {contact.phone ? (
              <a href={telOf(contact.phone)}>{contact.phone}</a>
            ) : (
              <span className="muted">{t("asking.contactNoPhone")}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t("asking.contactArea")}</dt>
          <dd>{contact.generalArea ?? <span className="muted">{t("asking.contactNoArea")}</span>}</dd>
        </div>
      </dl>
      {contact.neighbour && <NeighbourContact neighbour={contact.neighbour} poster={name} />}
      <p className="small muted claim-contact-note">{t("asking.contactOnlyYou")}</p>
    </section>
  );
}

/** For the helper of a request posted for a neighbour without the app (issue 42 §1): their phone and area too. */
function NeighbourContact({
  neighbour,
  poster,
}: {
  neighbour: NonNullable<NonNullable<OneRequestView["contact"]>["neighbour"]>;
  poster: string;
}) {
  const t = useT();
  const titleId = useId();
  return (
    <section className="claim-contact-neighbour" aria-labelledby={titleId} data-testid="neighbour-contact">
      <h3 id={titleId} className="claim-contact-title">
        {t("asking.neighbourContactTitle", { name: neighbour.name })}
      </h3>
      <dl className="request-facts">
        <div>
          <dt>{t("asking.contactPhone")}</dt>
          <dd>
            <a href={telOf(neighbour.phone)}>{neighbour.phone}</a>
          </dd>
        </div>
        <div>
          <dt>{t("asking.contactArea")}</dt>
          <dd>{neighbour.generalArea ?? <span className="muted">{t("asking.contactNoArea")}</span>}</dd>
        </div>
        {neighbour.howToReach && (
          <div>
            <dt>{t("asking.neighbourHowToReach")}</dt>
            <dd>{neighbour.howToReach}</dd>
          </div>
        )}
      </dl>
      <p className="small muted">{t("asking.neighbourPostedBy", { poster })}</p>
    </section>
  );
}

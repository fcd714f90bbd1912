import {
  MAX_GENERAL_AREA_LENGTH,
  MAX_HOW_TO_REACH_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PHONE_LENGTH,
} from "@hyn/validators/policy";
import { isValidPhone, stripMarkup } from "@hyn/validators/rules";
import type { OfflineMember } from "@hyn/validators";

/** What the list acts on (the answer's times arrive as strings on the web). */
type Neighbour = Pick<OfflineMember, "id" | "name" | "contact">;
import { useState } from "react";
import { Alert, Button, ConfirmModal, Modal, Spinner, TextField } from "../../components/ui";
import { useToast } from "../../components/Toasts";
import { useForm, type FormErrors } from "../../components/form/useForm";
import { errorMessage, trpc } from "../../lib/trpc";
import { useT } from "../../i18n/useT";
import type { Group } from "../../lib/useGroupsCache";

const FIELD_IDS = {
  name: "offline-neighbour-name",
  phone: "offline-neighbour-phone",
  generalArea: "offline-neighbour-area",
  howToReach: "offline-neighbour-how",
} as const;

/**
 * Neighbours without the app (issue 42 §1) under the group's members: each marked "no app, reached by phone
 * through Ana"; their phone for their contact and the owner; Remove (asked first) for those two; and
 * "Add a neighbour without the app" for any member.
 */
export function OfflineNeighbours({ group, viewerId, id }: { group: Group; viewerId: string; id: string }) {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const neighbours = trpc.offlineMembers.list.useQuery({ groupId: group.id });
  const remove = trpc.offlineMembers.remove.useMutation();
  const [adding, setAdding] = useState(false);
  const [toRemove, setToRemove] = useState<Neighbour | null>(null);
  const mayRemove = (n: Neighbour) => n.contact.id === viewerId || group.createdBy === viewerId;

  const changed = async () => {
    await utils.offlineMembers.list.invalidate({ groupId: group.id });
    // They count toward the group's members.
    void utils.groups.list.invalidate();
  };

  async function confirmRemove() {
    if (!toRemove) return;
    try {
      await remove.mutateAsync({ groupId: group.id, offlineId: toRemove.id });
      toast.success(t("sharing.neighbourRemoved", { name: toRemove.name }));
      await changed();
    } catch (e) {
      toast.error(errorMessage(e, t("sharing.removeNeighbourFailed")));
    }
    setToRemove(null);
  }

  let body;
  if (neighbours.isPending) body = <Spinner label={t("sharing.loadingNeighbours")} />;
  else if (neighbours.isError)
    body = (
      <Alert>
        {errorMessage(neighbours.error, t("sharing.loadNeighboursFailed"))}{" "}
        <Button variant="ghost" className="btn-small" onClick={() => void neighbours.refetch()}>
          {t("groups.retry")}
        </Button>
      </Alert>
    );
  else if (neighbours.data.length > 0)
    body = (
      <ul className="member-list" aria-label={t("sharing.neighboursWithoutApp")}>
        {neighbours.data.map((n) => (
          <li key={n.id} className="member offline-member" data-testid="offline-member">
            <div className="member-info">
              <span className="member-name" id={`${id}-offline-${n.id}`}>
                {n.name}
              </span>
              <span className="badge badge-offline">
                {t("sharing.noAppThrough", {
                  contact: n.contact.id === viewerId ? t("sharing.throughYou") : n.contact.name,
                })}
              </span>
              {n.generalArea && <span className="member-area small muted">{n.generalArea}</span>}
              {n.phone && (
                <a className="member-email small" href={`tel:${n.phone.replace(/[^\d+]/g, "")}`}>
                  {n.phone}
                </a>
              )}
              {n.howToReach && <span className="member-how small muted">{n.howToReach}</span>}
            </div>
            {mayRemove(n) && (
              <div className="member-actions">
                <Button
                  variant="ghost"
                  className="btn-small btn-text-danger"
                  onClick={() => setToRemove(n)}
                  aria-label={t("sharing.removeNamed", { name: n.name })}
                >
                  {t("sharing.remove")}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    );

  return (
    <div className="offline-neighbours">
      {body}
      <Button variant="secondary" className="btn-small" onClick={() => setAdding(true)}>
        {t("sharing.addNeighbourWithoutApp")}
      </Button>
      <AddNeighbourDialog
        group={group}
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={async (name) => {
          setAdding(false);
          toast.success(t("sharing.neighbourAdded", { name }));
          await changed();
        }}
      />
      <ConfirmModal
        open={toRemove !== null}
        title={t("sharing.removeNeighbourTitle")}
        message={toRemove ? t("sharing.removeNeighbourConfirm", { name: toRemove.name }) : ""}
        confirmLabel={t("sharing.removeNeighbourTitle")}
        busy={remove.isPending}
        onConfirm={() => void confirmRemove()}
        onClose={() => setToRemove(null)}
      />
    </div>
  );
}

type Field = keyof typeof FIELD_IDS;

/** The dialog that adds one: name and phone required (a landline is fine), area and how to reach them optional. */
function AddNeighbourDialog({
  group,
  open,
  onClose,
  onAdded,
}: {
  group: Group;
  open: boolean;
  onClose: () => void;
  onAdded: (name: string) => Promise<void>;
}) {
  const t = useT();
  const utils = trpc.useUtils();
  const form = useForm({
    initial: { name: "", phone: "", generalArea: "", howToReach: "" },
    ids: FIELD_IDS,
    maxLengths: {
      name: MAX_NAME_LENGTH,
      phone: MAX_PHONE_LENGTH,
      generalArea: MAX_GENERAL_AREA_LENGTH,
      howToReach: MAX_HOW_TO_REACH_LENGTH,
    },
    validate: (v) => {
      const errors: FormErrors<Field> = {};
      if (stripMarkup(v.name).trim() === "") errors.name = "nameRequired";
      if (v.phone.trim() === "") errors.phone = "phoneRequired";
      else if (!isValidPhone(stripMarkup(v.phone).trim())) errors.phone = "invalidPhoneFormat";
      const input =
        Object.keys(errors).length > 0
          ? null
          : { groupId: group.id, name: v.name, phone: v.phone, generalArea: v.generalArea, howToReach: v.howToReach };
      return { errors, input };
    },
    send: async (input) => {
      await utils.client.offlineMembers.add.mutate(input);
      await onAdded(stripMarkup(input.name).trim());
    },
    fieldOfKey: {
      nameRequired: "name",
      phoneRequired: "phone",
      invalidPhoneFormat: "phone",
    },
    failureText: t("sharing.addNeighbourFailed"),
  });

  return (
    <Modal title={t("sharing.addNeighbourWithoutApp")} open={open} onClose={onClose}>
      <form onSubmit={form.submit} noValidate className="offline-neighbour-form">
        <p className="small muted">{t("sharing.addNeighbourIntro", { group: group.name })}</p>
        <TextField label={t("sharing.neighbourName")} {...form.field("name")} autoComplete="off" />
        <TextField
          label={t("sharing.neighbourPhone")}
          hint={t("sharing.neighbourPhoneHint")}
          type="tel"
          {...form.field("phone")}
          autoComplete="off"
        />
        <TextField label={t("sharing.neighbourArea")} {...form.field("generalArea")} autoComplete="off" />
        <TextField
          label={t("sharing.neighbourHowToReach")}
          hint={t("sharing.neighbourHowToReachHint")}
          {...form.field("howToReach")}
          autoComplete="off"
        />
        <div className="row row-end">
          <Button variant="secondary" onClick={onClose} disabled={form.busy}>
            {t("groups.cancel")}
          </Button>
          <Button type="submit" needsNetwork busy={form.busy}>
            {t("sharing.addNeighbour")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

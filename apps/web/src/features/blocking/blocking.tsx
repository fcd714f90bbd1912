import { Suspense, useEffect, useId, useRef, useState } from "react";
import { useToast } from "../../components/Toasts";
import { ConfirmModal } from "../../components/ui";
import { useT } from "../../i18n/useT";
import { errorMessage, trpc } from "../../lib/trpc";
import { LazyReportDialog } from "../moderation/ReportButton";

/*
 * Blocking a member (PRODUCT "Blocking"): one module, so the request card's menu, which the dashboard
 * loads on its own after the first paint, is one file (its texts are the profile's).
 */

/** Someone to block or unblock, as a card or list shows them ("" reads "A neighbour"). */
export interface Person {
  id: string;
  name: string;
}

/**
 * Block and unblock (PRODUCT "Blocking"), each confirmed in a toast. Afterwards every request list
 * and the request page read again: the server decides what a block hides, the web only asks anew.
 */
export function useBlocking() {
  const t = useT();
  const toast = useToast();
  const utils = trpc.useUtils();
  const block = trpc.blocks.block.useMutation();
  const unblock = trpc.blocks.unblock.useMutation();
  const nameOf = (person: Person) => person.name.trim() || t("profile.blockedNeighbour");

  async function refresh() {
    await Promise.all([utils.requests.invalidate(), utils.blocks.list.invalidate()]);
  }

  return {
    nameOf,
    busy: block.isPending || unblock.isPending,
    /** True once blocked; a refusal is said in a toast. */
    async block(person: Person): Promise<boolean> {
      try {
        await block.mutateAsync({ id: person.id });
      } catch (error) {
        toast.error(errorMessage(error, t("profile.blockFailed")));
        return false;
      }
      toast.success(t("profile.blockDone", { name: nameOf(person) }));
      void refresh();
      return true;
    },
    async unblock(person: Person): Promise<boolean> {
      try {
        await unblock.mutateAsync({ id: person.id });
      } catch (error) {
        toast.error(errorMessage(error, t("profile.unblockFailed")));
        return false;
      }
      toast.success(t("profile.unblockDone", { name: nameOf(person) }));
      void refresh();
      return true;
    },
  };
}

/** "Block {name}?" with what it does; confirming blocks and closes. */
export function BlockDialog({ person, onClose }: { person: Person | null; onClose: (blocked: boolean) => void }) {
  const t = useT();
  const blocking = useBlocking();
  const name = person ? blocking.nameOf(person) : "";
  return (
    <ConfirmModal
      open={person !== null}
      title={t("profile.blockTitle", { name })}
      message={t("profile.blockExplanation")}
      confirmLabel={t("profile.blockConfirm")}
      busy={blocking.busy}
      onConfirm={() => {
        if (person) void blocking.block(person).then(onClose);
      }}
      onClose={() => onClose(false)}
    />
  );
}

/**
 * A request card's "⋯" menu (PRODUCT "Blocking", "Reporting"), on others' requests only: "Block {name}" and
 * "Report". Loaded
 * apart from the card (the dashboard's first download has no room for it), with its own texts.
 * A disclosure: the button says whether it is open, Escape closes it and hands focus back.
 */
export function RequestCardMenu({
  creator,
  item,
  requestId,
  groupId,
}: {
  creator: Person;
  item: string;
  requestId: string;
  groupId: string;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [blocking, setBlocking] = useState<Person | null>(null);
  const [reporting, setReporting] = useState(false);
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | FocusEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("mousedown", close);
    document.addEventListener("focusin", close);
    return () => {
      document.removeEventListener("mousedown", close);
      document.removeEventListener("focusin", close);
    };
  }, [open]);

  return (
    <div
      className="card-menu"
      ref={wrapper}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <button
        ref={toggle}
        type="button"
        className="btn btn-ghost btn-small card-menu-toggle"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t("profile.blockMoreActions", { item })}
        onClick={() => setOpen((was) => !was)}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <ul id={menuId} className="card-menu-list">
          <li>
            <button
              type="button"
              className="card-menu-item"
              onClick={() => {
                setOpen(false);
                setBlocking(creator);
              }}
            >
              {t("profile.blockNamed", { name: creator.name.trim() || t("profile.blockedNeighbour") })}
            </button>
          </li>
          <li>
            <button
              type="button"
              className="card-menu-item"
              aria-haspopup="dialog"
              onClick={() => {
                setOpen(false);
                setReporting(true);
              }}
            >
              {t("common.report")}
            </button>
          </li>
        </ul>
      )}
      {reporting && (
        <Suspense fallback={null}>
          <LazyReportDialog
            subject={{ kind: "request", requestId, groupId }}
            onClose={() => {
              setReporting(false);
              toggle.current?.focus();
            }}
          />
        </Suspense>
      )}
      {blocking && (
        <BlockDialog
          person={blocking}
          onClose={(blocked) => {
            setBlocking(null);
            if (!blocked) toggle.current?.focus();
          }}
        />
      )}
    </div>
  );
}

import { useEffect, useId, useRef, useState } from "react";
import { useT } from "../../i18n/useT";
import { BlockDialog } from "./BlockDialog";
import type { Person } from "./useBlocking";
import "./blocking.css";

/**
 * A request card's "⋯" menu (PRODUCT "Blocking"), on others' requests only: "Block {name}". Loaded
 * apart from the card (the dashboard's first download has no room for it), with its own texts.
 * A disclosure: the button says whether it is open, Escape closes it and hands focus back.
 */
export default function RequestCardMenu({ creator, item }: { creator: Person; item: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [blocking, setBlocking] = useState<Person | null>(null);
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
        aria-label={t("blocking.moreActions", { item })}
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
              {t("blocking.blockNamed", { name: creator.name.trim() || t("blocking.aNeighbour") })}
            </button>
          </li>
        </ul>
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

import { translate } from "../../i18n/useT";

/** A request's item in quotes, as the current language writes them. */
export const quotedItem = (itemDescription: string) => translate("requests.quoted", { item: itemDescription });

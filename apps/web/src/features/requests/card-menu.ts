import { createContext, type ReactNode } from "react";

/**
 * What a request card shows as its "⋯" menu on others' requests (PRODUCT "Blocking", "Reporting"), given by the
 * page: the dashboard loads it after the first paint (its first download has no room for it).
 */
export const CardMenuContext = createContext<
  | ((card: { creator: { id: string; name: string }; item: string; requestId: string; groupId: string }) => ReactNode)
  | null
>(null);

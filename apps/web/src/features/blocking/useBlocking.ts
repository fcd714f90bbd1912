import { useToast } from "../../components/Toasts";
import { useT } from "../../i18n/useT";
import { errorMessage, trpc } from "../../lib/trpc";

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
  const nameOf = (person: Person) => person.name.trim() || t("blocking.aNeighbour");

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
        toast.error(errorMessage(error, t("blocking.blockFailed")));
        return false;
      }
      toast.success(t("blocking.blocked", { name: nameOf(person) }));
      void refresh();
      return true;
    },
    async unblock(person: Person): Promise<boolean> {
      try {
        await unblock.mutateAsync({ id: person.id });
      } catch (error) {
        toast.error(errorMessage(error, t("blocking.unblockFailed")));
        return false;
      }
      toast.success(t("blocking.unblocked", { name: nameOf(person) }));
      void refresh();
      return true;
    },
  };
}

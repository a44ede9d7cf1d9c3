// Carries out the cross-tree UI actions (shared/ui-actions.ts) with what only the tree has: the
// router's navigation, the toasts and the query cache. The login popup binds its own (LoginHost).
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { uiActions } from "../shared/ui-actions.ts";
import { useToast } from "../ui/toast.tsx";

export function UiActionHost() {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      uiActions.bind({
        navigate: (to, options) => void navigate(to, options),
        toast,
        refresh: (queryKey) => void queryClient.invalidateQueries({ queryKey }),
      }),
    [navigate, toast, queryClient],
  );
  return null;
}

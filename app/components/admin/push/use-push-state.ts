import { useEffect, useState } from "react";
import { messageOf, pushSupport, registerWorker } from "#app/components/admin/push/push-browser.ts";

export type SwitchState =
  | { kind: "checking" }
  | { kind: "unsupported"; reason: "iphone" | "browser" | "insecure" }
  | { kind: "denied" }
  | { kind: "off" }
  | { kind: "on"; endpoint: string }
  | { kind: "working"; what: string };

/**
 * What the switch shows: "checking" on the server and until the browser has said whether it can
 * receive alerts and whether its subscription is one the server knows; and a problem to show.
 */
export function usePushState(knownEndpoints: string[]) {
  const [state, setState] = useState<SwitchState>({ kind: "checking" });
  const [problem, setProblem] = useState<string | null>(null);
  const known = knownEndpoints.join("\n");

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const support = pushSupport();
      if (support !== "ok") {
        if (!cancelled) setState({ kind: "unsupported", reason: support });
        return;
      }
      try {
        const registration = await registerWorker();
        const subscription = await registration.pushManager.getSubscription();
        if (cancelled) return;
        if (Notification.permission === "denied") setState({ kind: "denied" });
        else if (subscription && known.split("\n").includes(subscription.endpoint)) {
          setState({ kind: "on", endpoint: subscription.endpoint });
        } else setState({ kind: "off" });
      } catch (error) {
        if (cancelled) return;
        setState({ kind: "off" });
        setProblem(`This browser could not set up notifications: ${messageOf(error)}`);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [known]);

  return { state, setState, problem, setProblem };
}

import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { initialTapState, isInSecretZone, registerTap } from "~/lib/secret-tap";

// Typing in a form must never throw away what was typed.
function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** Hidden route to /employee-login: Ctrl/Cmd+E, or five quick clicks in the bottom-right zone. */
export function EmployeeShortcut() {
  const navigate = useNavigate();
  const tapState = useRef(initialTapState);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (isEditable(event.target)) return;
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "e") {
        event.preventDefault();
        void navigate("/employee-login");
      }
    }
    function onClick(event: MouseEvent) {
      if (!isInSecretZone(event.clientX, event.clientY, window.innerWidth, window.innerHeight)) return;
      const { state, unlocked } = registerTap(tapState.current, event.timeStamp);
      tapState.current = state;
      if (unlocked) void navigate("/employee-login");
    }
    window.addEventListener("keydown", onKeyDown);
    window.addEventListener("click", onClick);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("click", onClick);
    };
  }, [navigate]);

  return null;
}

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "./hydrated";
import { useT } from "./i18n";

export type NoticeType = "success" | "error" | "info" | "warning";
export const DEFAULT_TOAST_MS = 10_000;

/** GOV.UK-style notification banner, rendered by the server (works without JavaScript). */
export function NotificationBanner({
  type,
  title,
  children,
  id,
}: {
  type: NoticeType;
  title?: string;
  children: ReactNode;
  id?: string;
}) {
  const t = useT();
  const important = type === "error" || type === "warning";
  return (
    <div id={id} className={`banner banner--${type}`} role={important ? "alert" : "status"}>
      <p className="banner__title">{title ?? t(`common.notice.${type}`)}</p>
      <div className="banner__content">{children}</div>
    </div>
  );
}

type Toast = {
  id: number;
  type: NoticeType;
  message: ReactNode;
  timeoutMs: number;
  action?: { label: string; onClick(): void };
};
type ToastApi = {
  show(t: Omit<Toast, "id" | "timeoutMs"> & { timeoutMs?: number }): number;
  dismiss(id: number): void;
};

const ToastContext = createContext<ToastApi>({ show: () => 0, dismiss: () => {} });
export const useToast = () => useContext(ToastContext);

/** Timed toasts for the hydrated page, announced through one polite live region. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback<ToastApi["show"]>(
    (toast) => {
      const id = nextId.current++;
      const full = { ...toast, id, timeoutMs: toast.timeoutMs ?? DEFAULT_TOAST_MS };
      setToasts((all) => [...all, full]);
      window.setTimeout(() => dismiss(id), full.timeoutMs);
      return id;
    },
    [dismiss],
  );
  // Both callbacks are stable, so consumers of the context never re-render because of it.
  const api = useMemo<ToastApi>(() => ({ show, dismiss }), [show, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastRegion toasts={toasts} dismiss={dismiss} />
    </ToastContext.Provider>
  );
}

function ToastRegion({ toasts, dismiss }: { toasts: Toast[]; dismiss(id: number): void }) {
  const t = useT();
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.type}`}>
          <p className="toast__message">{toast.message}</p>
          {toast.action ? (
            <button
              type="button"
              className="button button--secondary toast__action"
              onClick={() => {
                toast.action!.onClick();
                dismiss(toast.id);
              }}
            >
              {toast.action.label}
            </button>
          ) : null}
          <button
            type="button"
            className="toast__close"
            onClick={() => dismiss(toast.id)}
            aria-label={t("common.close")}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/** The server's flash message: a banner without JavaScript, a timed toast once hydrated. */
export function FlashMessage({ flash }: { flash: { type: NoticeType; key: string; timeoutMs?: number } | null }) {
  const t = useT();
  const hydrated = useHydrated();
  const { show } = useToast();
  const shown = useRef<object | null>(null);
  useEffect(() => {
    if (!hydrated || !flash) return;
    // Each loader result is a new object: show it once, even if the same message comes again later.
    if (shown.current === flash) return;
    shown.current = flash;
    show({ type: flash.type, message: t(flash.key), timeoutMs: flash.timeoutMs });
  }, [hydrated, flash, show, t]);
  if (!flash || hydrated) return null;
  return (
    <NotificationBanner type={flash.type}>
      <p>{t(flash.key)}</p>
    </NotificationBanner>
  );
}

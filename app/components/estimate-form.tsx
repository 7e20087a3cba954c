import { useEffect, useId, useRef } from "react";
import { setupEstimateForm, type EstimateScriptOptions } from "#app/browser/estimate-form.ts";
import { setupPhotoPicks } from "#app/browser/photo-picks.ts";
import type { EstimateFormPage } from "#app/schemas/estimate-paths.ts";
import { useNonce } from "#app/nonce.tsx";
import type { EstimateActionResult } from "#app/schemas/estimate.ts";
import { EstimateConfirmation } from "#app/components/estimate/estimate-confirmation.tsx";
import { EstimateFields } from "#app/components/estimate/estimate-fields.tsx";
import { estimateScriptOptions, inlineScriptOptions } from "#app/components/estimate/script-options.ts";
import { dataBlockText, scriptUrl } from "#app/components/script-files.ts";
import type { ServiceSlug } from "#app/schemas/content.ts";
import { useSiteProfile } from "#app/site-profile.ts";
import { sniffImageType } from "#app/schemas/image-type.ts";
import { useLocale, useLocalePath } from "#app/i18n/react.ts";

/**
 * The estimate request form, on the home page and /contact: plain server-rendered HTML that
 * posts (multipart, with photos) to its own page and comes back with the confirmation panel or
 * the errors next to their fields. A small script (app/browser/estimate-form.ts, served as one
 * cached file: ADR 065) sends it in the background with a toast, photo previews and progress: no
 * framework is loaded (docs/decisions/026-estimate-form-script.md).
 */
export function EstimateForm({
  actionData,
  page,
  uploadMaxMb,
  service = null,
}: {
  actionData?: EstimateActionResult;
  /** The page the form is on, by its English path ("/", "/contact"): the lead's `source`, in the page's language. */
  page: EstimateFormPage;
  /** The size limit of one photo, in MB (UPLOAD_MAX_MB). */
  uploadMaxMb: number;
  /** The service chosen in advance (a service page's link, `?service=`); null chooses none. */
  service?: ServiceSlug | null;
}) {
  const { featuredServices } = useSiteProfile();
  const id = useId().replaceAll(":", "");
  const rootId = `${id}-estimate`;
  const nonce = useNonce();
  const rootRef = useRef<HTMLDivElement>(null);
  const locale = useLocale();
  // On a Spanish page the form posts to, and names, its Spanish address (/es/contacto, /es/).
  const formPage = useLocalePath()(page) as EstimateFormPage;
  const options = estimateScriptOptions(formPage, uploadMaxMb, locale);
  // After a client-side navigation (from an admin page, which hydrates) the page's script does not run.
  const optionsJson = JSON.stringify(options);
  const scriptOptions = inlineScriptOptions(optionsJson);
  useEffect(
    () => setupEstimateForm(rootRef.current, JSON.parse(optionsJson) as EstimateScriptOptions, setupPhotoPicks, sniffImageType),
    [optionsJson, rootRef],
  );

  const succeeded = actionData?.status === "success" ? actionData : null;
  const failed = actionData?.status === "error" ? actionData : null;

  return (
    <div className="estimate-box" id={rootId} ref={rootRef} data-estimate-box="">
      {/* After a plain post: the result in the page (with JavaScript, the toast says it). */}
      {failed ? (
        <div className="form-result form-result--error" role="alert">
          <p>{failed.message}</p>
        </div>
      ) : null}
      {succeeded ? (
        <output className="form-result form-result--success">
          <p>{succeeded.message}</p>
        </output>
      ) : null}
      <EstimateConfirmation id={id} result={succeeded} page={formPage} />
      {succeeded ? null : (
        <EstimateFields id={id} page={formPage} failed={failed} uploadMaxMb={uploadMaxMb} featured={featuredServices} service={service} />
      )}
      <div className="toast-region">
        <output aria-live="polite" aria-atomic="true" data-toast="success" />
        <div role="alert" aria-live="assertive" aria-atomic="true" data-toast="error" />
      </div>
      {succeeded ? null : (
        <>
          {/* The form's options, sentences in the page's language, for the script file below (ADR 065). */}
          <script
            type="application/json"
            data-estimate-options=""
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: dataBlockText(scriptOptions) }}
          />
          {/* Deferred like any module: it runs once the page is parsed, as the inline script did. */}
          <script type="module" src={scriptUrl("estimate-form")} nonce={nonce} suppressHydrationWarning />
        </>
      )}
    </div>
  );
}

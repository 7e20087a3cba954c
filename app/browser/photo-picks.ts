/**
 * The estimate form's photos, where JavaScript runs (ADR 026, ADR 062): the form's file input
 * sits hidden behind its "Add photos" button, and this keeps the list the form sends: add more,
 * remove one, at most `maxPhotos`, each within the size limit the page states, counted beside the
 * button ("2 of 6 photos chosen"). A file whose first bytes are no photo's is refused as it is
 * picked, with the server's own reason: `sniff` is the server's check (app/schemas/image-type.ts).
 * Each photo shows a preview, or its type where none can be drawn (HEIC, or a photo damaged past
 * its first bytes), and a progress bar the sending script fills.
 *
 * Serialised with `toString()` into the page like setupEstimateForm, which calls it: it must use
 * nothing from outside its own body.
 */
/* oxlint-disable unicorn/consistent-function-scoping */
export interface PhotoPickOptions {
  photoField: string;
  maxPhotos: number;
  maxPhotoBytes: number;
  maxPhotoMb: number;
  /** Why a file that is not a photo is not added: the server's own words (catalog `estimate.photo.notPhotoReason`), in the page's language. */
  notPhotoReason: string;
  /** How many leading bytes `sniff` needs (SNIFF_BYTES). */
  sniffBytes: number;
  /** The page's language (for Intl.PluralRules). */
  lang: string;
  /**
   * The script's sentences, in the page's language (app/components/estimate/script-options.ts):
   * a {name}, {size}, {reason}, {count} or {status} in them is filled here.
   */
  words: {
    /** The count beside the button, for 0 to maxPhotos photos. */
    counts: string[];
    removed: string;
    remove: string;
    sendingPhoto: string;
    empty: string;
    tooBig: string;
    notAdded: string;
    overOne: string;
    overOther: string;
    sending: string;
    dismiss: string;
    offline: string;
    serverError: string;
  };
}

/** The server's photo check (sniffImageType): the type the first bytes show, or null. */
export type SniffPhoto = (firstBytes: Uint8Array) => string | null;

export interface PhotoPick {
  file: File;
  bar: HTMLProgressElement;
}

export interface PhotoPicks {
  /** The photos chosen so far, in order. */
  list(): readonly PhotoPick[];
  /** The photos once every file picked so far has been read and judged. */
  settled(): Promise<readonly PhotoPick[]>;
  /** Empties the list (after the request was sent). */
  clear(): void;
}

export function setupPhotoPicks(form: HTMLFormElement, o: PhotoPickOptions, sniff: SniffPhoto, isSending: () => boolean): PhotoPicks {
  const input = form.querySelector<HTMLInputElement>(`input[type=file][name="${o.photoField}"]`);
  const list = form.querySelector<HTMLUListElement>("[data-photo-list]");
  const note = form.querySelector<HTMLElement>("[data-photo-note]");
  const count = form.querySelector<HTMLElement>("[data-photo-count]");
  interface Photo extends PhotoPick {
    url: string | null;
    item: HTMLLIElement;
  }
  let photos: Photo[] = [];
  const fill = (text: string, values: Record<string, string>) =>
    text.replaceAll(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
  const w = o.words;

  const sizeText = (bytes: number) =>
    bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const say = (text: string, refused: boolean) => {
    if (!note) return;
    note.textContent = text;
    note.classList.toggle("photo-field__note--refused", refused);
  };
  // The count beside the button: what the hidden input would otherwise contradict ("No file chosen").
  const render = () => {
    if (list) {
      list.replaceChildren(...photos.map((photo) => photo.item));
      list.hidden = photos.length === 0;
    }
    if (count) count.textContent = w.counts[Math.min(photos.length, w.counts.length - 1)] ?? "";
  };
  const drop = (photo: Photo) => {
    if (photo.url) URL.revokeObjectURL(photo.url);
    photo.item.remove();
  };
  // The type's name in a square, where no preview can be drawn.
  const badgeFor = (type: string) => {
    const badge = document.createElement("span");
    badge.className = "photo-pick__thumb photo-pick__thumb--file";
    badge.setAttribute("aria-hidden", "true");
    badge.textContent = type.slice(0, 4).toUpperCase();
    return badge;
  };

  const add = (file: File, type: string): Photo => {
    const item = document.createElement("li");
    item.className = "photo-pick";
    // HEIC (iPhone photos) mostly cannot be drawn by a browser; the others can.
    const url = type === "heic" ? null : URL.createObjectURL(file);
    if (url) {
      const image = document.createElement("img");
      image.className = "photo-pick__thumb";
      image.src = url;
      image.alt = "";
      image.width = 64;
      image.height = 64;
      image.addEventListener("error", () => image.replaceWith(badgeFor(type)), { once: true });
      item.append(image);
    } else {
      item.append(badgeFor(type));
    }
    const text = document.createElement("span");
    text.className = "photo-pick__text";
    const name = document.createElement("span");
    name.className = "photo-pick__name";
    name.textContent = file.name;
    const size = document.createElement("span");
    size.className = "photo-pick__size";
    size.textContent = sizeText(file.size);
    const bar = document.createElement("progress");
    bar.className = "photo-pick__progress";
    bar.max = 100;
    bar.value = 0;
    bar.hidden = true;
    bar.setAttribute("aria-label", fill(w.sendingPhoto, { name: file.name }));
    text.append(name, size, bar);
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "photo-pick__remove";
    remove.textContent = w.remove;
    remove.append(Object.assign(document.createElement("span"), { className: "visually-hidden" }));
    remove.lastElementChild!.textContent = ` ${file.name}`;
    item.append(text, remove);
    const photo: Photo = { file, url, item, bar };
    remove.addEventListener("click", () => {
      if (isSending()) return;
      const index = photos.indexOf(photo);
      drop(photo);
      photos.splice(index, 1);
      say(fill(w.removed, { name: file.name }), false);
      render();
      const next = photos[Math.min(index, photos.length - 1)]?.item.querySelector("button");
      (next ?? input)?.focus();
    });
    return photo;
  };

  /** The type the file's first bytes show, as the server will judge it; null for no photo. */
  const typeOf = async (file: File): Promise<string | null> => {
    try {
      return sniff(new Uint8Array(await file.slice(0, o.sniffBytes).arrayBuffer()));
    } catch {
      // Unreadable here (a cloud file not yet on the phone, say): added, and the server judges it.
      return file.name.split(".").pop() ?? "file";
    }
  };
  const take = async (chosen: File[]) => {
    const notes: string[] = [];
    let overCount = 0;
    for (const file of chosen) {
      if (file.size === 0) notes.push(fill(w.empty, { name: file.name }));
      else if (file.size > o.maxPhotoBytes) {
        notes.push(fill(w.tooBig, { name: file.name, size: sizeText(file.size) }));
      } else if (photos.length >= o.maxPhotos) overCount++;
      else {
        const type = await typeOf(file);
        if (type === null) notes.push(fill(w.notAdded, { name: file.name, reason: o.notPhotoReason }));
        else photos.push(add(file, type));
      }
    }
    if (overCount > 0) {
      const one = new Intl.PluralRules(o.lang).select(overCount) === "one";
      notes.push(one ? w.overOne : fill(w.overOther, { count: String(overCount) }));
    }
    say(notes.join(" "), notes.length > 0);
    render();
  };

  // Files are read in the order they were picked, one choice after the other.
  let picking: Promise<void> = Promise.resolve();
  input?.addEventListener("change", () => {
    const chosen = [...(input.files ?? [])];
    // The list is this script's own; the input only adds to it, and may add the same file again.
    input.value = "";
    picking = picking.then(() => take(chosen));
  });

  return {
    list: () => photos,
    settled: () => picking.then(() => photos),
    clear: () => {
      for (const photo of photos) drop(photo);
      photos = [];
      say("", false);
      render();
    },
  };
}

import { MSG, type MessageMedia } from "@clinora/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { CircleAlert, Download, ExternalLink, FileText, LoaderCircle, Mic, RotateCw } from "lucide-react";
import { useEffect, useId, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogClose, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/cn";
import { saveUrl } from "@/lib/download";
import { toast } from "@/lib/toast";
import { mediaFileQueryOptions, useMediaFile } from "../api/conversations";
import { downloadName, formatFileSize, MEDIA_KIND_LABELS, mediaDisplayName, mediaKindOf } from "../lib/media-display";

export interface MessageMediaListProps {
  media: MessageMedia[];
  /** A file the clinic sent (shown on the right) rather than one the patient sent. */
  outbound: boolean;
}

/**
 * The files of one message: a voice note as a player with its transcript under it, a photo as a thumbnail that
 * opens full size, a document as a card to open or download; a file still arriving, refused or lost says so in
 * Portuguese. Files are read from the API with the session (only their professional may read them) and shown
 * through object URLs.
 */
export function MessageMediaList({ media, outbound }: MessageMediaListProps) {
  if (media.length === 0) return null;
  return (
    // Not a list: the thread is one, and a list inside each message would make its items hard to count and walk.
    <div className={cn("flex w-full flex-col gap-2", outbound ? "items-end" : "items-start")}>
      {media.map((item) => (
        <div key={item.id} className="w-80 max-w-full">
          <MediaItem media={item} outbound={outbound} />
        </div>
      ))}
    </div>
  );
}

function MediaItem({ media, outbound }: { media: MessageMedia; outbound: boolean }) {
  const kind = mediaKindOf(media.kind);
  if (media.status === "failed" || media.status === "rejected" || (media.status === "ready" && !media.url)) {
    return <UnavailableMedia media={media} />;
  }
  if (media.status !== "ready" || !media.url) return <ArrivingMedia media={media} />;
  if (kind === "audio") return <AudioMedia media={media} url={media.url} outbound={outbound} />;
  if (kind === "image") return <ImageMedia media={media} url={media.url} outbound={outbound} />;
  return <DocumentMedia media={media} url={media.url} />;
}

const cardClass = "rounded-2xl bg-white px-3.5 py-3 text-left text-sm text-slate-800 shadow-xs ring-1 ring-slate-200";
const linkClass =
  "inline-flex shrink-0 cursor-pointer items-center gap-1 rounded text-xs font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none";

/**
 * An object URL for `blob` while the component shows it, revoked when the blob changes or the component goes.
 * Set in an effect (not a memo) so React's development double run of effects cannot revoke the URL in use.
 */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/** A ready file's bytes, as an object URL; with the loading and error states of the download. */
function useFileUrl(url: string) {
  const file = useMediaFile(url);
  const src = useObjectUrl(file.data);
  return { src, failed: file.isError, retry: () => void file.refetch(), retrying: file.isFetching };
}

/** Twilio's file has not been copied yet (a job fetches it in the background). */
function ArrivingMedia({ media }: { media: MessageMedia }) {
  return (
    <p className={cn(cardClass, "flex items-center gap-2 text-slate-600")}>
      <LoaderCircle aria-hidden className="size-4 shrink-0 animate-spin text-brand-600" />
      {media.status_message ?? MSG.mediaPending}
    </p>
  );
}

/** A file that could not be fetched or was refused (too large, wrong type, another host): the server's reason. */
function UnavailableMedia({ media }: { media: MessageMedia }) {
  const reason = media.status_message ?? MSG.mediaUnavailable;
  const name = media.file_name?.trim();
  return (
    <div className={cn(cardClass, "flex items-start gap-2.5 bg-red-50 text-red-900 ring-red-200")}>
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-red-600" />
      <div className="min-w-0">
        <p className="font-medium">{reason}</p>
        <p className="text-xs break-words text-red-800">
          {MEDIA_KIND_LABELS[mediaKindOf(media.kind)]}
          {name ? `: ${name}` : null}
        </p>
      </div>
    </div>
  );
}

/** The file did not download to the browser (connection, session): say so, with a retry. */
function LoadFailed({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs font-medium text-red-700">
      <CircleAlert aria-hidden className="size-3.5 shrink-0" />
      Não foi possível carregar o arquivo.
      <Button type="button" variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
        <RotateCw aria-hidden className={cn(retrying && "animate-spin")} />
        Tentar novamente
      </Button>
    </div>
  );
}

function Loading({ children }: { children: ReactNode }) {
  return (
    <p className="flex h-10 items-center gap-2 text-xs text-slate-600">
      <LoaderCircle aria-hidden className="size-4 shrink-0 animate-spin text-brand-600" />
      {children}
    </p>
  );
}

/** A voice note: the browser's own player (keyboard and screen reader ready), then what the patient said. */
function AudioMedia({ media, url, outbound }: { media: MessageMedia; url: string; outbound: boolean }) {
  const transcriptId = useId();
  const { src, failed, retry, retrying } = useFileUrl(url);
  const label = outbound ? "Áudio enviado" : "Áudio do paciente";
  const hasTranscriptState = media.transcript_status !== null || media.transcript !== null;
  return (
    <figure className={cn(cardClass, "space-y-2")}>
      <figcaption className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
        <Mic aria-hidden className="size-3.5 text-brand-700" />
        {label}
      </figcaption>
      {src ? (
        <audio
          controls
          preload="metadata"
          src={src}
          aria-label={label}
          aria-describedby={hasTranscriptState ? transcriptId : undefined}
          className="h-10 w-full"
        />
      ) : failed ? (
        <LoadFailed onRetry={retry} retrying={retrying} />
      ) : (
        <Loading>Carregando o áudio...</Loading>
      )}
      {hasTranscriptState ? <Transcript id={transcriptId} media={media} /> : null}
      {src ? (
        <a href={src} download={downloadName(media)} className={linkClass}>
          <Download aria-hidden className="size-3.5" />
          Baixar áudio
        </a>
      ) : null}
    </figure>
  );
}

function Transcript({ id, media }: { id: string; media: MessageMedia }) {
  if (media.transcript_status === "pending") {
    return (
      <p id={id} className="flex items-center gap-1.5 text-xs text-slate-600">
        <LoaderCircle aria-hidden className="size-3.5 shrink-0 animate-spin text-brand-600" />
        {MSG.transcriptPending}
      </p>
    );
  }
  if (media.transcript_status === "failed") {
    return (
      <p id={id} className="flex items-start gap-1.5 text-xs font-medium text-red-700">
        <CircleAlert aria-hidden className="mt-px size-3.5 shrink-0" />
        {MSG.transcriptFailed}
      </p>
    );
  }
  if (media.transcript_status === "no_provider") {
    return (
      <p id={id} className="text-xs text-slate-600">
        {MSG.transcriptNoProvider}. Ouça o áudio acima.
      </p>
    );
  }
  if (!media.transcript?.trim()) return null;
  return (
    <div id={id} className="border-l-2 border-brand-300 pl-2.5">
      <p className="text-xs font-medium text-slate-600">Transcrição</p>
      <p className="leading-relaxed whitespace-pre-wrap break-words text-slate-800">{media.transcript}</p>
    </div>
  );
}

/** A photo: a thumbnail that opens full size, with the file to download. */
function ImageMedia({ media, url, outbound }: { media: MessageMedia; url: string; outbound: boolean }) {
  const [open, setOpen] = useState(false);
  const { src, failed, retry, retrying } = useFileUrl(url);
  const name = mediaDisplayName(media);
  const alt = outbound ? `Imagem enviada ao paciente: ${name}` : `Foto enviada pelo paciente: ${name}`;
  return (
    <figure className={cn(cardClass, "space-y-2 p-2")}>
      {src ? (
        <button
          type="button"
          aria-haspopup="dialog"
          aria-label={`Ampliar ${name}`}
          onClick={() => setOpen(true)}
          className="block w-full cursor-zoom-in overflow-hidden rounded-xl bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          <img src={src} alt={alt} className="max-h-56 w-full object-cover" />
        </button>
      ) : (
        <div className="flex h-32 items-center justify-center rounded-xl bg-slate-100 px-3">
          {failed ? <LoadFailed onRetry={retry} retrying={retrying} /> : <Loading>Carregando a foto...</Loading>}
        </div>
      )}
      <figcaption className="flex items-center justify-between gap-2 px-1 text-xs text-slate-600">
        <span className="min-w-0 truncate">
          {name}
          {media.size_bytes ? ` · ${formatFileSize(media.size_bytes)}` : null}
        </span>
        {src ? (
          <a href={src} download={downloadName(media)} aria-label={`Baixar ${name}`} className={linkClass}>
            <Download aria-hidden className="size-3.5" />
            Baixar
          </a>
        ) : null}
      </figcaption>
      {src ? (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent size="xl" aria-describedby={undefined}>
            <DialogHeader>
              <DialogTitle className="truncate">{name}</DialogTitle>
            </DialogHeader>
            <DialogBody className="flex items-center justify-center bg-slate-900 py-4">
              <img src={src} alt={alt} className="max-h-[70dvh] max-w-full object-contain" />
            </DialogBody>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Fechar</Button>
              </DialogClose>
              <Button variant="outline" asChild>
                <a href={src} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden />
                  Abrir em nova aba
                </a>
              </Button>
              <Button asChild>
                <a href={src} download={downloadName(media)}>
                  <Download aria-hidden />
                  Baixar
                </a>
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      ) : null}
    </figure>
  );
}

/** How long a document's object URL lives after it was opened or saved: the tab or the download has it by then. */
const HANDED_OVER_URL_MS = 60_000;

/**
 * A document (a PDF of exam results): its name and size, to open in a new tab or download. Its bytes are read only
 * when asked for, so a thread full of PDFs opens without downloading them.
 */
function DocumentMedia({ media, url }: { media: MessageMedia; url: string }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<"open" | "save" | null>(null);
  const name = mediaDisplayName(media);
  const type = media.content_type === "application/pdf" ? "PDF" : "Documento";
  const size = formatFileSize(media.size_bytes);

  const handOver = async (action: "open" | "save") => {
    // The tab opens within the click, or the browser would take it for a pop-up; the file follows when it arrives.
    const tab = action === "open" ? window.open("", "_blank") : null;
    if (tab) tab.opener = null;
    setBusy(action);
    try {
      const blob = await queryClient.fetchQuery(mediaFileQueryOptions(url));
      const href = URL.createObjectURL(blob);
      if (action === "open") {
        if (tab) tab.location.href = href;
        else window.open(href, "_blank", "noopener");
      } else {
        saveUrl(href, downloadName(media));
      }
      setTimeout(() => URL.revokeObjectURL(href), HANDED_OVER_URL_MS);
    } catch {
      tab?.close();
      toast.error("Não foi possível carregar o arquivo.");
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className={cn(cardClass, "flex items-start gap-3")}>
      <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-red-50 text-red-600 ring-1 ring-red-100">
        <FileText className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-slate-900">{name}</p>
        <p className="text-xs text-slate-600">{size ? `${type} · ${size}` : type}</p>
        <p className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1">
          <button type="button" aria-label={`Abrir ${name}`} disabled={busy !== null} onClick={() => void handOver("open")} className={linkClass}>
            {busy === "open" ? <LoaderCircle aria-hidden className="size-3.5 animate-spin" /> : <ExternalLink aria-hidden className="size-3.5" />}
            Abrir
          </button>
          <button type="button" aria-label={`Baixar ${name}`} disabled={busy !== null} onClick={() => void handOver("save")} className={linkClass}>
            {busy === "save" ? <LoaderCircle aria-hidden className="size-3.5 animate-spin" /> : <Download aria-hidden className="size-3.5" />}
            Baixar
          </button>
        </p>
      </div>
    </div>
  );
}

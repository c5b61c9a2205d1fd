import { MSG, type MessageMedia } from "@clinora/contracts";
import { CircleAlert, Download, ExternalLink, FileText, LoaderCircle, Mic } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogBody, DialogClose, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/cn";
import { downloadUrl, formatFileSize, MEDIA_KIND_LABELS, mediaDisplayName, mediaKindOf } from "../utils/media-display";

export interface MessageMediaListProps {
  media: MessageMedia[];
  /** A file the clinic sent (shown on the right) rather than one the patient sent. */
  outbound: boolean;
}

/**
 * The files of one message: a voice note as a player with its transcript under it, a photo as a thumbnail that
 * opens full size, a document as a card to open or download; a file still arriving, refused or lost says so in
 * Portuguese. Every file is fetched from the product's own address, which only its professional may read.
 */
export function MessageMediaList({ media, outbound }: MessageMediaListProps) {
  if (media.length === 0) return null;
  return (
    // Not a list: the thread is one, and a list inside each message would make its items hard to count and walk.
    <div className={cn("flex w-full flex-col gap-2", outbound ? "items-end" : "items-start")}>
      {media.map((item) => (
        <div key={item.id} className="w-full max-w-80">
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

/** A voice note: the browser's own player (keyboard and screen reader ready), then what the patient said. */
function AudioMedia({ media, url, outbound }: { media: MessageMedia; url: string; outbound: boolean }) {
  const transcriptId = useId();
  const hasTranscriptState = media.transcript_status !== null || media.transcript !== null;
  return (
    <figure className={cn(cardClass, "space-y-2")}>
      <figcaption className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
        <Mic aria-hidden className="size-3.5 text-brand-700" />
        {outbound ? "Áudio enviado" : "Áudio do paciente"}
      </figcaption>
      <audio
        controls
        preload="metadata"
        src={url}
        aria-label={outbound ? "Áudio enviado" : "Áudio do paciente"}
        aria-describedby={hasTranscriptState ? transcriptId : undefined}
        className="h-10 w-full min-w-56"
      >
        <a href={downloadUrl(url)} download>
          Baixar o áudio
        </a>
      </audio>
      {hasTranscriptState ? <Transcript id={transcriptId} media={media} /> : null}
      <a
        href={downloadUrl(url)}
        download
        className="inline-flex items-center gap-1 rounded text-xs font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        <Download aria-hidden className="size-3.5" />
        Baixar áudio
      </a>
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
  if (!media.transcript?.trim()) {
    return (
      <p id={id} className="text-xs text-slate-600 italic">
        Áudio sem fala reconhecida.
      </p>
    );
  }
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
  const name = mediaDisplayName(media);
  const alt = outbound ? `Imagem enviada ao paciente: ${name}` : `Foto enviada pelo paciente: ${name}`;
  return (
    <figure className={cn(cardClass, "space-y-2 p-2")}>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={`Ampliar ${name}`}
        onClick={() => setOpen(true)}
        className="block w-full cursor-zoom-in overflow-hidden rounded-xl bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none"
      >
        <img src={url} alt={alt} loading="lazy" className="max-h-56 w-full object-cover" />
      </button>
      <figcaption className="flex items-center justify-between gap-2 px-1 text-xs text-slate-600">
        <span className="min-w-0 truncate">
          {name}
          {media.size_bytes ? ` · ${formatFileSize(media.size_bytes)}` : null}
        </span>
        <FileLink href={downloadUrl(url)} download label={`Baixar ${name}`} icon={Download}>
          Baixar
        </FileLink>
      </figcaption>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent size="xl" aria-describedby={undefined}>
          <DialogHeader>
            <DialogTitle className="truncate">{name}</DialogTitle>
          </DialogHeader>
          <DialogBody className="flex items-center justify-center bg-slate-900/95 py-4">
            <img src={url} alt={alt} className="max-h-[70dvh] max-w-full object-contain" />
          </DialogBody>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Fechar</Button>
            </DialogClose>
            <Button variant="outline" asChild>
              <a href={url} target="_blank" rel="noopener noreferrer">
                <ExternalLink aria-hidden />
                Abrir em nova aba
              </a>
            </Button>
            <Button asChild>
              <a href={downloadUrl(url)} download>
                <Download aria-hidden />
                Baixar
              </a>
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </figure>
  );
}

/** A document (a PDF of exam results): its name and size, to open in a new tab or download. */
function DocumentMedia({ media, url }: { media: MessageMedia; url: string }) {
  const name = mediaDisplayName(media);
  const type = media.content_type === "application/pdf" ? "PDF" : "Documento";
  const size = formatFileSize(media.size_bytes);
  return (
    <div className={cn(cardClass, "flex items-start gap-3")}>
      <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-red-50 text-red-600 ring-1 ring-red-100">
        <FileText className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-slate-900">{name}</p>
        <p className="text-xs text-slate-600">{size ? `${type} · ${size}` : type}</p>
        <p className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1">
          <FileLink href={url} newTab label={`Abrir ${name}`} icon={ExternalLink}>
            Abrir
          </FileLink>
          <FileLink href={downloadUrl(url)} download label={`Baixar ${name}`} icon={Download}>
            Baixar
          </FileLink>
        </p>
      </div>
    </div>
  );
}

function FileLink({
  href,
  label,
  icon: Icon,
  download = false,
  newTab = false,
  children,
}: {
  href: string;
  label: string;
  icon: typeof Download;
  download?: boolean;
  newTab?: boolean;
  children: string;
}) {
  return (
    <a
      href={href}
      aria-label={label}
      {...(download ? { download: "" } : {})}
      {...(newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      className="inline-flex shrink-0 items-center gap-1 rounded text-xs font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
    >
      <Icon aria-hidden className="size-3.5" />
      {children}
    </a>
  );
}

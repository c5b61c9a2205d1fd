import { ASSISTANT_TEST_MAX_TURNS, MESSAGE_SENDER_LABELS, MSG } from "@clinora/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { Bot, Headset, LoaderCircle, MessageSquareDashed, RotateCcw, Wrench } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { MessageComposer } from "@/components/ui/message-composer";
import { serverDetail } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { useAssistantTest } from "../api/assistant-test";
import { hasRoomForMessage, TEST_TURN_MAX_LENGTH, testMessageSchema, testRequestOf, type TestTurn } from "../lib/test-transcript";

type TestMessage = z.infer<typeof testMessageSchema>;

/**
 * "Testar assistente": the professional writes as a patient and the assistant answers with the saved settings
 * and the same tools as on WhatsApp; bookings are a dry run on the server. The transcript lives only here and is
 * sent whole with every message.
 */
export function AssistantTestCard() {
  const test = useAssistantTest();
  const [transcript, setTranscript] = useState<TestTurn[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const nextId = useRef(0);
  const logRef = useRef<HTMLDivElement>(null);
  const form = useForm<TestMessage>({ resolver: zodResolver(testMessageSchema), defaultValues: { content: "" } });
  const content = useWatch({ control: form.control, name: "content" }) ?? "";
  const busy = test.isPending;
  const room = hasRoomForMessage(transcript);

  // Keep the newest turn in sight inside the chat box (not the page).
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [transcript.length, busy, failure]);

  const submit = form.handleSubmit(async ({ content: text }) => {
    const previous = transcript;
    const sent: TestTurn[] = [...previous, { id: nextId.current++, role: "patient", content: text }];
    setTranscript(sent);
    setFailure(null);
    form.reset({ content: "" });
    try {
      const answer = await test.mutateAsync(testRequestOf(sent));
      setTranscript([
        ...sent,
        { id: nextId.current++, role: "assistant", content: answer.reply, actions: answer.actions, handedOff: answer.handed_off },
      ]);
    } catch (error) {
      // Unanswered: the message goes back into the box, so sending again retries it.
      setTranscript(previous);
      form.reset({ content: text });
      setFailure(serverDetail(error) ?? MSG.assistantTestFailed);
    }
  });

  const clear = () => {
    setTranscript([]);
    setFailure(null);
    test.reset();
    form.reset({ content: "" });
    form.setFocus("content");
  };

  return (
    <Card role="region" aria-labelledby="assistant-test-title">
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <CardTitle id="assistant-test-title">Testar assistente</CardTitle>
          <CardDescription>
            Escreva como se fosse um paciente: o assistente usa as configurações salvas e as mesmas ferramentas do
            WhatsApp, mas os agendamentos são apenas simulados (nada é gravado).
          </CardDescription>
        </div>
        <Button variant="outline" onClick={clear} disabled={busy || (transcript.length === 0 && !failure)} className="shrink-0">
          <RotateCcw aria-hidden />
          Limpar conversa
        </Button>
      </CardHeader>
      <CardContent className="space-y-4">
        <div
          ref={logRef}
          role="log"
          aria-label="Conversa de teste"
          aria-busy={busy || undefined}
          // Scrollable, so reachable with the keyboard.
          tabIndex={0}
          className="max-h-[28rem] min-h-40 overflow-y-auto rounded-lg bg-slate-50/60 p-3 ring-1 ring-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none sm:p-4"
        >
          {transcript.length === 0 && !busy ? (
            <div className="flex flex-col items-center gap-2 py-8 text-center text-sm text-slate-500">
              <MessageSquareDashed aria-hidden className="size-6 text-slate-400" />
              <p>Nenhuma mensagem ainda. Experimente: “Oi, queria marcar uma consulta para amanhã à tarde.”</p>
            </div>
          ) : (
            <ol className="space-y-3">
              {transcript.map((turn) => (
                <TestTurnItem key={turn.id} turn={turn} />
              ))}
              {busy ? (
                <li className="flex justify-start">
                  <p className="inline-flex items-center gap-2 rounded-2xl rounded-bl-md bg-white px-3.5 py-2 text-sm text-slate-500 ring-1 ring-slate-200">
                    <LoaderCircle aria-hidden className="size-4 animate-spin text-brand-600" />
                    O assistente está respondendo...
                  </p>
                </li>
              ) : null}
            </ol>
          )}
        </div>

        {failure ? (
          <Alert tone="danger" title="O assistente não respondeu">
            {failure}
          </Alert>
        ) : null}
        {!room ? (
          <Alert tone="info">
            A conversa de teste chegou ao limite de {ASSISTANT_TEST_MAX_TURNS} mensagens. Use “Limpar conversa” para recomeçar.
          </Alert>
        ) : null}

        <form noValidate aria-label="Mensagem de teste" onSubmit={(event) => void submit(event)}>
          <MessageComposer
            id="assistant-test-message"
            label="Mensagem como paciente"
            placeholder="Escreva como paciente..."
            length={content.length}
            limit={TEST_TURN_MAX_LENGTH}
            error={form.formState.errors.content?.message}
            busy={busy}
            disabled={!room}
            {...form.register("content")}
          />
        </form>
      </CardContent>
    </Card>
  );
}

function TestTurnItem({ turn }: { turn: TestTurn }) {
  const patient = turn.role === "patient";
  return (
    <li className={cn("flex", patient ? "justify-end" : "justify-start")}>
      <div className={cn("flex max-w-[85%] flex-col sm:max-w-[75%]", patient ? "items-end" : "items-start")}>
        <p className="mb-1 flex items-center gap-1 text-xs font-medium text-slate-600">
          {patient ? null : <Bot aria-hidden className="size-3.5 text-violet-600" />}
          {patient ? "Você (como paciente)" : MESSAGE_SENDER_LABELS.assistant}
          <span className="sr-only">:</span>
        </p>
        <div
          className={cn(
            "rounded-2xl px-3.5 py-2 text-left text-sm leading-relaxed whitespace-pre-wrap break-words",
            patient ? "rounded-br-md bg-brand-600 text-white" : "rounded-bl-md bg-white text-slate-800 ring-1 ring-slate-200",
          )}
        >
          {turn.content.trim() || <span className="italic opacity-70">Sem resposta em texto</span>}
        </div>
        {turn.actions && turn.actions.length > 0 ? (
          <ul aria-label="Ações do assistente" className="mt-1.5 space-y-0.5 text-xs text-slate-500">
            {turn.actions.map((action, index) => (
              <li key={`${action.tool}-${index}`} className="flex items-start gap-1.5">
                <Wrench aria-hidden className="mt-px size-3.5 shrink-0" />
                <span>{action.summary}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {turn.handedOff ? (
          <p className="mt-1.5 flex items-center gap-1.5 text-xs font-medium text-amber-700">
            <Headset aria-hidden className="size-3.5 shrink-0" />O assistente passaria a conversa para você.
          </p>
        ) : null}
      </div>
    </li>
  );
}

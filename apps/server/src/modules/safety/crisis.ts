import { expandChatSpelling, normalizeForRules } from "./normalize";

/**
 * Safety before the model (docs/decisions/022): a patient's message that speaks of self-harm or suicide ("crisis")
 * or of a medical emergency is answered by the server at once, never by the model, and the conversation goes to the
 * professional at the highest urgency. The patterns read the normalized text (normalize.ts: no accents, lower case,
 * repeated letters collapsed, so "morrer" is written "morer").
 */
export type SafetyCase = "crisis" | "emergency";

/** Words of intent that turn "me machucar", "morrer", "acabar com tudo" into a crisis. */
const INTENT =
  "quero|qro|kero|qero|queria|keria|vou|vo|irei|penso em|pensei em|pensando em|pensado em|pensava em|vontade de|desejo de|tentei|tento|tentar|planejando|planejo|ideia de|coragem de|coragem pra|coragem para|impulso de|impulsos de|gostaria de|so queria";
const BEFORE_INTENT = `\\b(?:${INTENT})\\s+(?:\\S+\\s+){0,2}?`;
/** "vai me matar", "quase me mata": what other people or things do, said in jest. */
const HYPERBOLE_BEFORE = /\b(?:vai|vao|ia|iria|iriam|quase|pode|podia|vai acabar|acaba|acabam|ta|esta|tao|estao)\s+$/;
/** A cut that was an accident. */
const ACCIDENT_AFTER = /^\s+(?:(?:da|do) (?:lista|grupo|fila|plano|agenda|sistema|cadastro)|(?:\S+\s+){0,3}?(?:sem querer|fazendo|cozinhando|descascando|na cozinha|com papel|no trabalho|caindo|quando cai|no jardim|barbeando|a barba|na obra|com a lata|no vidro))/;

const rx = (source: string) => new RegExp(source);

const CRISIS: RegExp[] = [
  rx("suicid"),
  rx(`${BEFORE_INTENT}(?:me\\s+matar?|matar\\s+me)\\b`),
  rx("\\b(?:quer|queria|pensa em|pensando em|tentou|tenta|ameaca|ameacou|falou em|fala em)\\s+se\\s+matar\\b"),
  rx("\\b(?:tirar|tira|acabar com|dar fim (?:a|na|em)|por fim (?:a|na|em)|terminar com)\\s+(?:a\\s+)?(?:minha\\s+)?(?:propria\\s+)?vida\\b"),
  rx("\\b(?:nao|n|nunca)\\s+(?:quero|qro|kero|queria|aguento|suporto|tenho vontade de)\\s+(?:mais\\s+)?(?:viver|existir|continuar vivendo|continuar vivo|continuar viva|estar aqui|estar vivo|estar viva)\\b"),
  rx("\\b(?:sem|perdi a|perdendo a|perdi o|nao tenho|n tenho|nao tenho mais|nao encontro|nao acho)\\s+(?:mais\\s+)?(?:vontade|motivo|motivos|razao|razoes|forca|forcas|sentido)\\s+(?:de|para|pra|em)\\s+(?:viver|continuar vivendo|continuar vivo|continuar viva)\\b"),
  rx("\\b(?:vida|viver)\\s+(?:nao|n)\\s+(?:tem|faz)\\s+(?:mais\\s+)?(?:nenhum\\s+)?sentido"),
  rx("\\bnao vejo (?:mais )?(?:nenhum )?sentido (?:na|em|de|pra|para) (?:minha )?(?:vida|viver|continuar)"),
  rx("\\b(?:a vida|viver|minha vida)\\s+nao vale (?:mais )?a pena|\\bnao vale (?:mais )?a pena (?:viver|continuar vivendo)"),
  rx("\\bcansad[oa]\\s+de\\s+viver|\\bdesist(?:ir|i|indo)\\s+(?:da vida|de viver)"),
  rx(`\\b(?:${INTENT}|melhor|prefiro|preferia|deveria|devia)\\s+(?:\\S+\\s+)?morer\\b(?!\\s+de\\b)`),
  rx("\\b(?:quero|qro|queria|keria|preferia|prefiro|melhor)\\s+(?:estar|tar|ta|ficar|ser)\\s+mort[oa]\\b(?!\\s+de\\b)"),
  rx("\\bpensamentos?\\s+(?:de morte|suicidas?|de me matar|de tirar|de acabar com)|\\bpens\\w*\\s+(?:muito\\s+)?(?:na|em)\\s+morte\\b"),
  rx(`${BEFORE_INTENT}me\\s+(?:machucar|ferir|cortar|mutilar|queimar|enforcar|envenenar|afogar|fazer mal)\\b`),
  rx("\\b(?:me|se)\\s+(?:machu[cq]\\w*|fer\\w*|cort\\w*|queim\\w*|bat\\w*)\\s+de\\s+proposito"),
  rx("\\b(?:automutil|autolesa|auto lesa|autolesion|auto mutil|autoagres|me mutil)"),
  rx("\\bfazer\\s+mal\\s+(?:a|pra|para)\\s+mim\\s+mesm[oa]"),
  rx("\\b(?:cortar|cortei|corto|cortando)\\s+(?:os|meus|o meu|o|um)\\s+puls"),
  rx("\\b(?:tomar|tomei|engolir|engoli|tomo)\\s+(?:todos|todas|a cartela|uma cartela|a caixa|uma caixa|varios|varias|muitos|muitas)\\b[^.!?]{0,40}\\b(?:de uma vez|de uma so vez|juntos|juntas|ao mesmo tempo|pra morer|para morer|pra acabar|pra nao acordar)"),
  rx("\\b(?:pular|me jogar|me atirar|jogar me)\\s+(?:da|de uma|de um|do|pela|de cima d\\w+)\\s+(?:ponte|janela|predio|sacada|viaduto|laje|varanda|teraco)"),
  rx("\\bme\\s+jogar\\s+na\\s+frente\\s+d|\\bme\\s+enforcar\\b"),
  rx("\\b(?:quero|qro|kero|queria|vontade de|so queria)\\s+(?:so\\s+)?(?:sumir|desaparecer)\\s+(?:para sempre|pra sempre|de vez|do mundo|e acabar|e nunca mais|e nao voltar)"),
  rx("\\b(?:quero|qro|kero|queria)\\s+(?:so\\s+)?desaparecer\\b(?!\\s+com\\b)|\\bvontade de (?:sumir|desaparecer)\\b(?!\\s+(?:com|daqui|dese|desa|deste|desta|do trabalho)\\b)"),
  rx(`\\b(?:${INTENT}|sumir e|desaparecer e)\\s+(?:\\S+\\s+)?acabar\\s+(?:com\\s+tudo|comigo)\\b(?!\\s+(?:que|de|da|do|das|dos|isso|aqui)\\b)`),
  rx("\\b(?:se eu nao (?:existise|estivese aqui|estivese mais aqui|estivese viv[oa]|acordase)|eu nao existise|queria nao existir|nao queria existir|nunca ter nascido|nao ter nascido|melhor sem mim|melhores sem mim)"),
  rx("\\bninguem\\s+(?:vai\\s+|ia\\s+)?(?:sentir|sentiria)\\s+(?:a\\s+)?(?:minha\\s+)?falta"),
  rx("\\bdormir\\s+(?:e\\s+)?(?:nao|n|nunca mais)\\s+acordar|\\bdormir (?:para|pra) sempre\\b|\\bnao (?:quero|queria) (?:mais )?acordar\\b(?!\\s+(?:cedo|tarde|amanha|as|\\d))"),
  rx("\\bnao vejo (?:mais )?(?:nenhuma )?saida\\b"),
  rx("\\b(?:nao tenho|n tenho|sem)\\s+(?:mais\\s+)?forcas?\\s+(?:pra|para)\\s+(?:continuar|seguir)\\b(?!\\s+(?:o|a|os|as|com|no|na|meu|minha|trabalhando)\\b)"),
  rx("\\b(?:queria|quero|so queria)\\s+que\\s+tudo\\s+(?:acabase|terminase)\\b"),
  rx("\\b(?:queria|quero)\\s+(?:so\\s+)?nao\\s+acordar\\b(?:\\s+mais\\b)?(?!\\s+(?:cedo|tarde|amanha|as|\\d))"),
  rx("\\bnao aguento mais (?:esa vida|esta vida|a vida|minha vida|viver|existir|sofrer|tanto sofrimento)"),
  rx("\\b(?:fazer|cometer|fazendo)\\s+(?:uma\\s+)?(?:besteira|bobagem|loucura)\\s+(?:comigo|com a minha vida|com minha vida)|\\b(?:medo de|vou|posso|capaz de|acabar|acabo)\\s+(?:\\S+\\s+)?(?:fazer|cometendo|fazendo)\\s+(?:uma\\s+)?(?:besteira|bobagem|loucura)\\b"),
  // Warning signs the suicide-prevention guidance lists (docs/decisions/030): a burden, hopelessness, goodbyes,
  // plans and means, an overdose or a poisoning already taken.
  rx("\\b(?:sou|me sinto|virei|me tornei)\\s+(?:so\\s+)?(?:um|uma)\\s+(?:peso|fardo|estorvo)\\b(?!\\s+(?:pena|pesado|leve)\\b)|\\bso\\s+dou\\s+trabalho\\b"),
  rx("\\b(?:todo mundo|todos|minha familia|eles|voces)\\s+(?:vai|vao|iam|ia|ficaria|ficariam|fica|estaria|estariam|viveria|viveriam)\\s+(?:ficar\\s+)?melhor\\s+(?:sem mim|quando eu|se eu|qnd eu|quando eu nao)"),
  rx("\\b(?:nao|nada)\\s+(?:tem|vai ter|ha)\\s+(?:mais\\s+)?(?:jeito|esperanca|saida|solucao)\\s+(?:pra|para)\\s+mim\\b|\\bnada vai melhorar nunca\\b|\\bnao tem (?:mais )?esperanca\\b|\\bperdi (?:toda )?(?:a )?esperanca\\b"),
  rx("\\bminha vida acabou\\b|\\bpor\\s*que\\s+eu\\s+ainda\\s+(?:to|estou|sigo|continuo)\\s+viv[oa]\\b|\\bporque eu ainda (?:to|estou) viv[oa]\\b"),
  rx("\\bse eu morese\\b|\\bse eu (?:sumise|desaparecese)\\b[^.!?]{0,30}\\b(?:ninguem|nem)\\b"),
  rx("\\b(?:deitar|dormir)\\s+e\\s+(?:nunca mais|nao)\\s+(?:levantar|acordar)\\b"),
  rx("\\b(?:nao vejo|sem|nao tenho)\\s+(?:mais\\s+)?(?:motivo|motivos|razao|razoes|sentido)\\s+(?:pra|para|de)\\s+(?:continuar|seguir)\\s+(?:vivendo|vivo|viva|aqui|em frente)"),
  rx("\\b(?:carta|bilhete|mensagem)\\s+de\\s+despedida\\b|\\bminha ultima mensagem\\b|\\b(?:me despedir|me despedindo|adeus)\\b[^.!?]{0,60}\\b(?:nao vou (?:estar|mais estar)|nao estarei)\\s+(?:mais\\s+)?aqui\\b|\\bnao vou (?:estar|mais estar) mais aqui\\b"),
  rx("\\b(?:comprei|arrumei|consegui|tenho)\\s+(?:uma\\s+|a\\s+)?(?:corda|arma|revolver)\\b(?!\\s+(?:de pular|de varal|pra pular))"),
  rx("\\b(?:separei|juntei|juntando|guardando|guardei|acumulando|separando)\\s+(?:os\\s+|uns\\s+|meus\\s+)?(?:remedios?|comprimidos|pilulas|calmantes)\\b[^.!?]{0,40}\\b(?:pra|para)\\s+(?:hoje|tomar|acabar|amanha|a noite|esta noite)"),
  rx("\\b(?:decidi|ja decidi|esta decidido)\\b[^.!?]{0,20}\\b(?:vou\\s+)?acabar\\s+com\\s+(?:iso|tudo)\\s+hoje\\b"),
  // An overdose or a poisoning already taken: a crisis, and an emergency too (the crisis text carries SAMU 192).
  rx("\\b(?:tomei|engoli|tomou|engoliu|bebi|bebeu|ingeri|ingeriu)\\s+(?:a\\s+|uma\\s+)?(?:cartela|caixa)\\s+(?:inteira|toda)|\\b(?:tomei|engoli|tomou|engoliu)\\s+(?:a\\s+)?(?:cartela|caixa)\\s+(?:inteira|toda|de)\\b"),
  rx("\\b(?:tomei|engoli|tomou|engoliu|ingeri)\\s+(?:uns|umas|mais de|quase)?\\s*\\d{2,}\\s+(?:comprimidos|remedios|pilulas|capsulas)"),
  rx("\\b(?:tomei|engoli|tomou|engoliu|acabei de tomar)\\s+(?:todos|todas|um monte|uma porrada|muitos|muitas)\\s+(?:os\\s+|as\\s+|de\\s+)?(?:meus\\s+|minhas\\s+)?(?:remedios|comprimidos|pilulas|calmantes|rivotril|clonazepam|remedio)\\b(?!\\s+(?:certinho|certo|direitinho|na hora|do jeito))"),
  rx("\\b(?:bebi|bebeu|tomei|tomou|engoli)\\s+(?:um pouco de\\s+)?(?:agua sanitaria|agua de lavadeira|veneno|chumbinho|soda caustica|desinfetante|alvejante)"),
  rx("\\b(?:tomei|tomou)\\s+(?:uma\\s+)?overdose\\b"),
  // Short phrases in English and Spanish.
  rx("\\b(?:kil|kiling|hurt|hurting|cut|cuting)\\s+myself\\b|\\b(?:dont|do not|don t)\\s+want\\s+to\\s+(?:live|be alive|be here)\\b|\\bwant\\s+to\\s+die\\b|\\bend\\s+(?:it|my life)\\s+(?:tonight|today|now|al)\\b|\\bend my life\\b|\\btok\\s+al\\s+(?:my|the)\\s+pils\\b|\\boverdosed\\b"),
  rx("\\b(?:quiero|voy a)\\s+(?:morirme|matarme|suicidarme)\\b|\\bme\\s+quiero\\s+(?:matar|morir)\\b|\\bno\\s+quiero\\s+(?:vivir|seguir viviendo)\\b|\\bquitarme la vida\\b|\\btome\\s+todas\\s+las\\s+pastilas\\b"),
];

/** "me matar" said by the patient about themselves, not "essa fila vai me matar". */
const SELF_KILL = /\bme\s+matar\b/g;

const EMERGENCY = /\b(?:dor no peito|dor forte no peito|falta de ar|nao consigo respirar|desmai|convuls|sangramento (?:forte|intenso)|sangrando muito|infarto|infartando|avc|derame|overdose|envenenamento|envenenad|engasgad)/;

function isCrisis(text: string): boolean {
  if (CRISIS.some((pattern) => pattern.test(text))) return true;
  for (const match of text.matchAll(SELF_KILL)) if (!HYPERBOLE_BEFORE.test(text.slice(0, match.index))) return true;
  for (const match of text.matchAll(/\bme\s+cort(?:ei|o|ar|ando|ava|aria)\b/g)) {
    if (!ACCIDENT_AFTER.test(text.slice((match.index ?? 0) + match[0].length))) return true;
  }
  return false;
}

/** What the server must answer before any model: a crisis (CVV 188 and SAMU 192), an emergency (SAMU 192), or nothing. */
export function safetyCaseOf(text: string): SafetyCase | null {
  const normalized = expandChatSpelling(normalizeForRules(text));
  if (isCrisis(normalized)) return "crisis";
  if (EMERGENCY.test(normalized)) return "emergency";
  return null;
}

import { ShieldCheck, Stethoscope } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { roleLabel, userStatusLabel, userStatusTone } from "../lib/user-labels";

export function UserStatusBadge({ status }: { status: string }) {
  return <Badge tone={userStatusTone(status)}>{userStatusLabel(status)}</Badge>;
}

/** docs/product/admin.md §2.6: admin purple with a super-admin icon, professional blue, others grey. */
export function UserRoleBadge({ role }: { role: string }) {
  if (role === "admin") {
    return (
      <Badge tone="purple">
        <ShieldCheck aria-hidden />
        {roleLabel(role)}
      </Badge>
    );
  }
  if (role === "professional") {
    return (
      <Badge tone="info">
        <Stethoscope aria-hidden />
        {roleLabel(role)}
      </Badge>
    );
  }
  return <Badge tone="neutral">{roleLabel(role)}</Badge>;
}

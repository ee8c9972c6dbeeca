"""The ``auth`` section of a toolset file, `AuthSettings`, claims as identities, scope rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from toolbridge import tool
from toolbridge.auth import AuthSettings, StaticTokens, identity_from_claims
from toolbridge.errors import ConfigError
from toolbridge.gateway import auth_settings
from toolbridge.toolsets import Identity, Policy, PolicyRule, read_definition

ISSUER = "https://login.example.com/realms/acme"
SECTION: dict[str, Any] = {
    "issuer": ISSUER,
    "audience": "https://tools.example.com/mcp",
    "jwks_uri": f"{ISSUER}/protocol/openid-connect/certs",
}


def definition(auth: Any, **more: Any) -> dict[str, Any]:
    return {"sources": [{"module": "json"}], "auth": auth, **more}


def test_an_auth_section_becomes_settings_with_its_secrets_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("INTROSPECTION_SECRET", "s3cret-from-env")
    section = {
        **SECTION,
        "audience": ["https://tools.example.com/mcp", "api://toolbridge"],
        "required_scopes": "tools.read",
        "roles_claim": "realm_access.roles",
        "introspection": {
            "endpoint": f"{ISSUER}/protocol/openid-connect/token/introspect",
            "client_id": "gateway",
            "client_secret": "${INTROSPECTION_SECRET}",
        },
    }
    settings = auth_settings(read_definition(definition(section)))
    assert settings is not None
    assert settings.audiences == ("https://tools.example.com/mcp", "api://toolbridge")
    assert settings.required_scopes == ("tools.read",)
    assert settings.introspection is not None
    assert settings.introspection.client_secret == "s3cret-from-env"
    assert "s3cret-from-env" not in repr(settings)
    assert settings.metadata_url == (
        "https://tools.example.com/.well-known/oauth-protected-resource/mcp"
    )


@pytest.mark.parametrize(
    ("change", "where", "says"),
    [
        ({"algorithms": ["RS256", "HS256"]}, ("auth", "algorithms"), "'HS256'"),
        ({"algorithms": ["none"]}, ("auth", "algorithms"), "'none'"),
        ({"jwks_uri": "http://idp.example/certs"}, ("auth", "jwks_uri"), "https"),
        ({"issuer": "ftp://idp.example"}, ("auth", "issuer"), "https URL"),
        ({"jwks": "x"}, ("auth", "jwks"), "unknown key 'jwks'"),
        ({"leeway": 1000}, ("auth", "leeway"), "from 0 to 300"),
        ({"required_scopes": [1]}, ("auth", "required_scopes"), "list of strings"),
        ({"issuer": None}, ("auth",), "needs 'issuer'"),
        ({"jwks_uri": None}, ("auth",), "needs 'jwks_uri'"),
        ({"audience": "${NOT_SET_ANYWHERE}"}, ("auth", "audience", 0), "NOT_SET_ANYWHERE"),
        ({"introspection": {"endpoint": f"{ISSUER}/i"}}, ("auth", "introspection"), "client_id"),
        ({"audience": "api://toolbridge"}, ("auth", "audience"), "give 'resource'"),
    ],
)
def test_an_unusable_auth_section_says_where(
    change: dict[str, Any], where: tuple[Any, ...], says: str
) -> None:
    section = {key: value for key, value in {**SECTION, **change}.items() if value is not None}
    with pytest.raises(ConfigError) as raised:
        read_definition(definition(section))
    assert raised.value.path == where
    assert says in str(raised.value)


def test_static_tokens_and_an_auth_section_do_not_mix() -> None:
    tokens = {"t" * 20: {"subject": "ann"}}
    with pytest.raises(ConfigError, match="not both") as raised:
        read_definition(definition(SECTION, tokens=tokens))
    assert raised.value.path == ("auth",)


@pytest.mark.parametrize(
    ("token", "says"),
    [
        ("tok-ann", "at least 16 characters"),
        ("fifteen-chars15", "at least 16 characters"),
        (" sixteen-or-more-chars", "without spaces around"),
        ("", "non-empty"),
    ],
)
def test_a_token_too_short_is_refused_in_python_as_in_a_toolset_file(token: str, says: str) -> None:
    """One check for both: a table `StaticTokens` takes is one a toolset file takes."""
    with pytest.raises(ConfigError) as in_file:
        read_definition({"sources": [{"module": "json"}], "tokens": {token: {"subject": "ann"}}})
    assert in_file.value.path == ("tokens", token)
    with pytest.raises(ConfigError) as in_python:
        StaticTokens({token: Identity(subject="ann")})
    for raised in (in_file, in_python):
        assert says in str(raised.value)
    assert "the token of 'ann'" in str(in_python.value)  # a secret: its caller is named
    if token.strip():
        assert token.strip() not in str(in_python.value)


def test_a_token_of_16_characters_is_taken_by_both() -> None:
    token = "sixteen-chars-16"
    definition = read_definition({"sources": [{"module": "json"}], "tokens": {token: {}}})
    assert definition.tokens == {token: Identity()}
    assert StaticTokens({token: Identity()}).find(token) == Identity()


def test_a_resource_is_needed_when_no_audience_is_a_url() -> None:
    with pytest.raises(ConfigError, match="resource is needed"):
        AuthSettings(issuer=ISSUER, audience="api://toolbridge", jwks_uri=SECTION["jwks_uri"])
    settings = AuthSettings(
        issuer=ISSUER,
        audience="api://toolbridge",
        resource="https://tools.example.com/mcp",
        jwks_uri=SECTION["jwks_uri"],
    )
    assert settings.metadata()["resource"] == "https://tools.example.com/mcp"


# -- claims as the caller -----------------------------------------------------------------------


def test_keycloak_claims_give_realm_roles_and_scopes() -> None:
    settings = AuthSettings(**SECTION, roles_claim="realm_access.roles")
    claims = {
        "iss": ISSUER,
        "sub": "5f0c-service-account",
        "azp": "deployer",
        "scope": "profile tools.read",
        "realm_access": {"roles": ["ops", "default-roles-acme"]},
    }
    caller = identity_from_claims(claims, settings)
    assert (caller.subject, caller.tenant) == ("5f0c-service-account", None)
    assert caller.roles == {"ops", "default-roles-acme"}
    assert caller.scopes == {"profile", "tools.read"}
    assert caller.attributes["client_id"] == "deployer"


def test_entra_claims_give_the_tenant_app_roles_and_scp() -> None:
    settings = AuthSettings(**SECTION, subject_claim="oid")
    claims = {"oid": "a1b2", "tid": "contoso-tenant", "roles": ["Tools.Admin"], "scp": "Tools.Read"}
    caller = identity_from_claims(claims, settings)
    assert (caller.subject, caller.tenant) == ("a1b2", "contoso-tenant")
    assert (caller.roles, caller.scopes) == ({"Tools.Admin"}, {"Tools.Read"})


def test_auth0_claims_give_namespaced_roles_and_permissions_as_scopes() -> None:
    settings = AuthSettings(
        **SECTION,
        tenant_claim="org_id",
        roles_claim="https://tools.example.com/roles",
        scopes_claim="permissions",
    )
    claims = {
        "sub": "auth0|42",
        "org_id": "org_acme",
        "https://tools.example.com/roles": ["support"],
        "permissions": ["tools.read", "tools.deploy"],
        "scope": "openid",
    }
    caller = identity_from_claims(claims, settings)
    assert (caller.subject, caller.tenant, caller.roles) == ("auth0|42", "org_acme", {"support"})
    assert caller.scopes == {"tools.read", "tools.deploy"}


def test_claims_of_unusable_types_leave_fields_empty() -> None:
    settings = AuthSettings(**SECTION)
    caller = identity_from_claims({"sub": {"x": 1}, "roles": "a b", "scope": 7}, settings)
    assert (caller.subject, caller.roles, caller.scopes) == (None, {"a", "b"}, frozenset())


# -- scopes in identities and policies ----------------------------------------------------------


@tool
def deploy(target: str) -> str:
    """Deploy."""
    return target


def test_a_rule_with_scopes_matches_only_a_caller_holding_them_all() -> None:
    policy = Policy(
        rules=[
            PolicyRule(effect="allow", tools={"deploy"}, scopes={"tools.deploy", "tools.read"}),
            PolicyRule(effect="deny", tools={"deploy"}),
        ]
    )
    assert policy.decide(deploy, Identity(scopes={"tools.read"})) == "deny"
    assert policy.decide(deploy, Identity(scopes={"tools.read", "tools.deploy"})) == "allow"


def test_a_policy_file_rule_takes_scopes(tmp_path: Path) -> None:
    rules = [{"effect": "approve", "tools": ["deploy"], "scopes": "tools.deploy"}]
    found = read_definition(definition(SECTION, policy={"rules": rules}))
    assert found.policy is not None
    assert found.policy.rules[0].scopes == {"tools.deploy"}


def test_identity_scopes_are_a_set_and_reach_the_audit_shape_only_when_held() -> None:
    with pytest.raises(ConfigError, match=r"Identity\.scopes"):
        Identity(scopes="tools.read")  # type: ignore[arg-type]
    assert "scopes" not in Identity(subject="ann").to_dict()
    assert Identity(scopes={"b", "a"}).to_dict()["scopes"] == ["a", "b"]

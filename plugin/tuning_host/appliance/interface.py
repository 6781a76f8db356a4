"""`interface.query`: network ports with TrueNAS's `state` block. The link speed is where TrueNAS on Linux puts it:
`state.active_media_subtype` is ethtool's speed and port, "1000Mb/s Twisted Pair" ("Unknown Twisted Pair" without
a link), as middlewared's netif_linux/ethernet_settings.py builds it; `state.mtu` is the MTU in effect and
`state.aliases` the addresses the port answers on."""
from tuning_host.runtime import BaseModel, QueryArgs, Service, api_method, filter_list

from .backend_calls import backend_call


class InterfaceQueryResult(BaseModel):
    result: list[dict] | dict | int


def interface_entry(nic):
    """Backend NIC -> TrueNAS interface.query row (pure)."""
    speed = nic['speed_mbps'] if nic['link_up'] else None
    subtype = f'{speed}Mb/s Twisted Pair' if speed else 'Unknown Twisted Pair'
    return {
        'id': nic['name'], 'name': nic['name'], 'fake': False, 'type': 'PHYSICAL', 'description': '',
        'ipv4_dhcp': False, 'ipv6_auto': False, 'aliases': [], 'mtu': nic.get('mtu'),
        'state': {
            'name': nic['name'], 'orig_name': nic['name'], 'description': '', 'mtu': nic.get('mtu'),
            'cloned': False, 'flags': ['UP', 'BROADCAST', 'MULTICAST'] if nic['link_up'] else ['BROADCAST', 'MULTICAST'],
            'nd6_flags': [], 'capabilities': [],
            'link_state': 'LINK_STATE_UP' if nic['link_up'] else 'LINK_STATE_DOWN',
            'media_type': 'Ethernet', 'media_subtype': 'autoselect',
            'active_media_type': 'Ethernet', 'active_media_subtype': subtype,
            'supported_media': ['10baseT/Full', '100baseT/Full', '1000baseT/Full'], 'media_options': None,
            'link_address': nic.get('mac') or '', 'permanent_link_address': nic.get('mac'),
            'hardware_link_address': nic.get('mac') or '',
            # the addresses in use, as TrueNAS lists them ({type: INET|INET6, address, netmask})
            'aliases': [dict(a) for a in nic.get('addresses') or []],
        },
    }


class InterfaceService(Service):
    class Config:
        namespace = 'interface'
        cli_namespace = 'network.interface'

    @api_method(QueryArgs, InterfaceQueryResult, roles=['NETWORK_INTERFACE_READ'])
    def query(self, filters, options):
        return filter_list([interface_entry(n) for n in backend_call(self.middleware.backend.nics)], filters, options)
